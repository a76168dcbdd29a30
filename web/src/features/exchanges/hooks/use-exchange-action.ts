import { useTranslation } from 'react-i18next';
import { toast } from '../../../hooks/use-toast';
import { errorText } from '../../../i18n/message-text';
import { useActOnExchange, type ExchangeStepInput } from '../api/act-on-exchange';

/**
 * Runs one lifecycle action with the toasts every card uses: the success text given, or the server's reason
 * (`EXCHANGE_STATE`, `EXCHANGE_OWNER_ONLY`… as MSG texts) when it refuses.
 */
export function useExchangeAction() {
  const { t } = useTranslation();
  const mutation = useActOnExchange();
  const run = (
    input: ExchangeStepInput,
    success: { title: string; description?: string },
    onSettled?: () => void,
  ) =>
    // Awaited rather than mutate's callbacks: the answer often replaces the card that asked (an accepted request
    // leaves the item's list), and callbacks of an unmounted caller never run.
    mutation.mutateAsync(input).then(
      () => {
        toast({ ...success, variant: 'success' });
        onSettled?.();
      },
      (error: unknown) => {
        toast({
          title: t('exchanges.card.actionFailed'),
          description: errorText(t, error),
          variant: 'destructive',
        });
        onSettled?.();
      },
    );
  /** The action now running, if any: its button says so and the others wait. */
  const running = mutation.isPending ? mutation.variables?.action : undefined;
  return { run, running };
}
