import { HeartOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../hooks/use-toast';
import { errorText } from '../../../i18n/message-text';
import { useSetFavorite } from '../api/set-favorite';

/** On the Favorites tab: takes the item off the list (the list is read again once the server agrees). */
export function RemoveFavoriteButton({ itemId, title }: { itemId: string; title: string }) {
  const { t } = useTranslation();
  const setFavorite = useSetFavorite();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={setFavorite.isPending}
      aria-label={t('profile.removeFavoriteNamed', { title })}
      onClick={() =>
        setFavorite.mutate(
          { itemId, favorite: false },
          {
            onError: (error) =>
              toast({
                title: t('itemCard.favoriteFailed'),
                description: errorText(t, error, t('itemCard.tryAgain')),
                variant: 'destructive',
              }),
          },
        )
      }
    >
      <HeartOff aria-hidden="true" />
      {t('profile.removeFavorite')}
    </Button>
  );
}
