import { useState } from 'react';
import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../i18n/message-text';
import { toast } from '../../../hooks/use-toast';
import { cn } from '../../../lib/utils';
import { useSetFavorite } from '../api/set-favorite';
import { useToggleFavorite } from '../api/toggle-favorite';

interface FavoriteButtonProps {
  itemId: string;
  initial: boolean;
  /** Unapproved viewers get the spec's 'Approval Required' toast instead of a call. */
  approved: boolean;
  /** `card` sets the state with POST/DELETE /api/favorites/:id; `detail` uses the toggle endpoint. */
  variant: 'card' | 'detail';
  className?: string;
}

/**
 * The heart (spec section 4: toggled per item, applied at once, reverted on failure). It starts from the
 * item's `isFavorited` and then keeps its own state, so a refetch of the list never makes it flicker.
 */
export function FavoriteButton({ itemId, initial, approved, variant, className }: FavoriteButtonProps) {
  const { t } = useTranslation();
  const [favorited, setFavorited] = useState(initial);
  const setFavorite = useSetFavorite();
  const toggle = useToggleFavorite();
  const pending = setFavorite.isPending || toggle.isPending;

  const onFailure = (previous: boolean, error: unknown) => {
    setFavorited(previous);
    toast({
      title: t('itemCard.favoriteFailed'),
      description: errorText(t, error, t('itemCard.tryAgain')),
      variant: 'destructive',
    });
  };

  const onClick = () => {
    if (!approved) {
      toast({
        title: t('msg.approvalRequired'),
        description: t('msg.approvalRequiredFavorite'),
        variant: 'warning',
      });
      return;
    }
    const previous = favorited;
    setFavorited(!previous);
    if (variant === 'card') {
      setFavorite.mutate({ itemId, favorite: !previous }, { onError: (error) => onFailure(previous, error) });
    } else {
      toggle.mutate(itemId, {
        onSuccess: (result) => setFavorited(result.isFavorited),
        onError: (error) => onFailure(previous, error),
      });
    }
  };

  return (
    <Button
      variant="outline"
      size="icon"
      aria-pressed={favorited}
      aria-label={favorited ? t('itemCard.removeFavorite') : t('itemCard.addFavorite')}
      onClick={onClick}
      disabled={pending}
      className={cn('rounded-full bg-card/90 backdrop-blur', className)}
    >
      <Heart
        aria-hidden="true"
        className={cn(favorited ? 'fill-rose-500 text-rose-500' : 'text-foreground')}
      />
    </Button>
  );
}
