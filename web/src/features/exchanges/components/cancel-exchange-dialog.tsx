import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXCHANGE_LIMITS } from '@nomadswap/contracts/exchange-limits';
import { MSG } from '@nomadswap/contracts/messages';
import type { ExchangeView } from '@nomadswap/contracts/messaging-responses';
import { FormField } from '../../../components/form-field';
import { FormDialog } from '../../../components/form-dialog';
import { Textarea } from '../../../components/ui/textarea';
import { useExchangeAction } from '../hooks/use-exchange-action';

interface CancelExchangeDialogProps {
  exchange: ExchangeView;
  otherName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Cancelling an accepted swap says why (the other person is told); Keep swap has the focus first. */
export function CancelExchangeDialog({ exchange, otherName, open, onOpenChange }: CancelExchangeDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const { run, running } = useExchangeAction();
  const pending = running === 'cancel';

  const onSubmit = () => {
    const text = reason.trim();
    if (!text) return setError(MSG.exchangeCancelReasonRequired);
    if (text.length > EXCHANGE_LIMITS.reasonMax) return setError(MSG.exchangeCancelReasonMax);
    setError(undefined);
    run(
      { id: exchange.id, action: 'cancel', body: { reason: text } },
      { title: t('exchanges.card.cancelled') },
      () => onOpenChange(false),
    );
  };

  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      destructive
      title={t('exchanges.cancel.title', { name: otherName })}
      description={t('exchanges.cancel.description', { name: otherName })}
      onSubmit={onSubmit}
      submitLabel={t('exchanges.cancel.confirm')}
      pendingLabel={t('exchanges.cancel.pending')}
      pending={pending}
      cancelLabel={t('exchanges.cancel.keep')}
    >
      <FormField id={`${id}-reason`} label={t('exchanges.cancel.reasonLabel')} error={error}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            maxLength={EXCHANGE_LIMITS.reasonMax}
            placeholder={t('exchanges.cancel.reasonPlaceholder')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        )}
      </FormField>
    </FormDialog>
  );
}
