import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Item } from '@nomadswap/contracts/responses';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { errorText } from '../../../i18n/message-text';
import { toast } from '../../../hooks/use-toast';
import { useToggleSwapped } from '../api/toggle-swapped';

/** The owner's "mark swapped" checkbox (spec section 4: available ⇄ swapped), with the spec's toasts. */
export function SwappedCheckbox({ item }: { item: Item }) {
  const { t } = useTranslation();
  const id = useId();
  const toggle = useToggleSwapped();

  const onChange = () =>
    toggle.mutate(item.id, {
      onSuccess: (updated) =>
        toast(
          updated.isSwapped
            ? {
                title: t('itemCard.markedSwapped'),
                description: t('itemCard.markedSwappedDescription'),
                variant: 'success',
              }
            : {
                title: t('itemCard.markedAvailable'),
                description: t('itemCard.markedAvailableDescription'),
                variant: 'success',
              },
        ),
      onError: (error) =>
        toast({
          title: t('itemCard.statusFailed'),
          description: errorText(t, error, t('itemCard.tryAgain')),
          variant: 'destructive',
        }),
    });

  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={item.isSwapped} disabled={toggle.isPending} onCheckedChange={onChange} />
      <Label htmlFor={id} className="text-sm font-normal">
        {t('itemCard.markSwapped')}
      </Label>
    </div>
  );
}
