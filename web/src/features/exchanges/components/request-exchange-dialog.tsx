import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXCHANGE_LIMITS } from '@nomadswap/contracts/exchange-limits';
import { MSG } from '@nomadswap/contracts/messages';
import type { Item } from '@nomadswap/contracts/responses';
import { FormField } from '../../../components/form-field';
import { FormDialog } from '../../../components/form-dialog';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { SectionLoading } from '../../../components/section-states';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../hooks/use-toast';
import { errorText, messageText } from '../../../i18n/message-text';
import { useRequestExchange } from '../api/request-exchange';
import { ExchangeItemThumb } from './exchange-item-thumb';

/** The viewer's own items they can still offer: listed (not expired), not swapped, not promised to someone else. */
export function offerableItems(items: readonly Item[]): Item[] {
  return items.filter((item) => item.isActive && !item.isSwapped && !item.isReserved && !item.expiredAt);
}

export interface RequestExchangeDialogProps {
  item: Item;
  ownerName: string;
  /** The viewer's own listings (GET /api/items?userId=me), to pick offers from. */
  ownItems: { data?: Item[]; isPending: boolean; isError: boolean };
}

/** The request form (loaded when the button is first pressed: the item page does not carry it). */
export default function RequestExchangeDialog({
  item,
  ownerName,
  ownItems,
  onClose,
}: RequestExchangeDialogProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const request = useRequestExchange();
  const [message, setMessage] = useState('');
  const [offered, setOffered] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const max = EXCHANGE_LIMITS.offeredItemsMax;
  const atLimit = offered.length >= max;
  const candidates = offerableItems(ownItems.data ?? []);

  const toggle = (itemId: string, checked: boolean) =>
    setOffered((current) =>
      checked
        ? current.includes(itemId) || current.length >= max
          ? current
          : [...current, itemId]
        : current.filter((x) => x !== itemId),
    );

  const onSubmit = () => {
    const text = message.trim();
    setError(undefined);
    // Awaited rather than mutate's callbacks: the answer puts the request in the cache, which replaces this
    // button (and its dialog) with "You asked for this item" — an unmounted caller's callbacks never run.
    request
      .mutateAsync({
        itemId: item.id,
        ...(text ? { message: text } : {}),
        ...(offered.length ? { offeredItemIds: offered } : {}),
      })
      .then(
        () => {
          onClose();
          toast({
            title: t('exchanges.request.sent'),
            description: t('exchanges.request.sentDescription', { name: ownerName }),
            variant: 'success',
          });
        },
        // The dialog stays open (the toasts are behind it): the reason shows in it.
        (error: unknown) => setError(errorText(t, error, t('exchanges.request.failed'))),
      );
  };

  let offers;
  if (ownItems.isPending) {
    offers = <SectionLoading blocks={['h-14', 'h-14']} />;
  } else if (ownItems.isError) {
    offers = <p className="text-sm text-muted-foreground">{t('exchanges.request.offerLoadFailed')}</p>;
  } else if (candidates.length === 0) {
    offers = <p className="text-sm text-muted-foreground">{t('exchanges.request.noOwnItems')}</p>;
  } else {
    offers = (
      <ul className="grid max-h-60 grid-cols-1 gap-2 overflow-y-auto">
        {candidates.map((own) => {
          const checked = offered.includes(own.id);
          const boxId = `${id}-offer-${own.id}`;
          return (
            <li key={own.id}>
              <Label
                htmlFor={boxId}
                className="flex cursor-pointer items-center gap-3 rounded-lg border bg-card p-2 font-normal has-[button:disabled]:cursor-not-allowed has-[button:disabled]:opacity-60 has-[[data-state=checked]]:border-primary"
              >
                <Checkbox
                  id={boxId}
                  checked={checked}
                  disabled={!checked && atLimit}
                  onCheckedChange={(value) => toggle(own.id, value === true)}
                />
                <ExchangeItemThumb
                  item={{ image: own.photos.find((p) => p.thumb)?.thumb ?? own.images[0] ?? null }}
                  className="size-10"
                />
                <span className="min-w-0 truncate">{own.title}</span>
              </Label>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('exchanges.request.title', { title: item.title })}
      description={t('exchanges.request.description', { name: ownerName })}
      onSubmit={onSubmit}
      submitLabel={t('exchanges.request.send')}
      pendingLabel={t('exchanges.request.sending')}
      pending={request.isPending}
      error={error}
    >
      {item.isReserved ? (
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm">
          {t('exchanges.request.reservedNotice')}
        </p>
      ) : null}
      <FormField id={`${id}-message`} label={t('exchanges.request.messageLabel')}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            maxLength={EXCHANGE_LIMITS.messageMax}
            placeholder={t('exchanges.request.messagePlaceholder')}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        )}
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={`${id}-offer-hint`}>
        <legend className="mb-1 text-sm font-medium">{t('exchanges.request.offerLegend')}</legend>
        <p id={`${id}-offer-hint`} className="text-xs text-muted-foreground">
          {t('exchanges.request.offerHint', { max })}{' '}
          <span role="status">
            {offered.length > 0 ? t('exchanges.request.offerCount', { count: offered.length, max }) : null}
            {atLimit ? ` ${messageText(t, MSG.exchangeOfferedMax)}` : null}
          </span>
        </p>
        {offers}
      </fieldset>
    </FormDialog>
  );
}
