import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Handshake, Pencil, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SwapCountSchema } from '@nomadswap/contracts/auth';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { FieldError } from '../../../components/form-field';
import { StatCard } from '../../../components/stat-card';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { formatNumber } from '../../../lib/format';
import { errorText } from '../../../i18n/message-text';
import { toast } from '../../../hooks/use-toast';
import { useUpdateSwapCount } from '../api/update-swap-count';

type SwapCountValues = z.input<typeof SwapCountSchema>;
type SwapCountOutput = z.output<typeof SwapCountSchema>;

/**
 * The admin's inline swap-count editor (spec sections 2 and 5): the user's completed swaps, sent as the spec's
 * `{reviewCount}` payload (docs/decisions/0072-the-admin-s-swap-count-is-the-completed-swaps-not.md). The number must be whole
 * decimal digits (at least 0), checked by the shared schema before anything is sent.
 */
export function SwapCountEditor({ user }: { user: UserSelf }) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const update = useUpdateSwapCount();
  const form = useForm<SwapCountValues, unknown, SwapCountOutput>({
    resolver: zodResolver(SwapCountSchema),
    values: { reviewCount: user.completedSwaps },
  });
  const error = form.formState.errors.reviewCount?.message;

  useEffect(() => {
    if (editing) form.setFocus('reviewCount', { shouldSelect: true });
  }, [editing, form]);

  const onSubmit = form.handleSubmit(
    ({ reviewCount }) =>
      update.mutate(
        { userId: user.id, reviewCount },
        {
          onSuccess: () => {
            toast({ title: t('admin.swapCount.updated'), variant: 'success' });
            setEditing(false);
          },
          onError: (failure) =>
            toast({
              title: t('common.error'),
              description: errorText(t, failure, t('admin.swapCount.failed')),
              variant: 'destructive',
            }),
        },
      ),
    () =>
      toast({
        title: t('msg.invalidInput'),
        description: t('msg.invalidInputDetail'),
        variant: 'destructive',
      }),
  );

  const cancel = () => {
    form.reset({ reviewCount: user.completedSwaps });
    setEditing(false);
  };

  return (
    <StatCard icon={Handshake} label={t('admin.swapCount.label')}>
      {editing ? (
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-1">
          <div className="flex items-center gap-1">
            <Input
              {...form.register('reviewCount')}
              // Text, not type=number: the shared schema sees exactly what was typed ('1e3' is refused).
              inputMode="numeric"
              autoComplete="off"
              aria-label={t('admin.swapCount.label')}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'swap-count-error' : undefined}
              className="h-9 w-20 px-2 text-base font-semibold"
              disabled={update.isPending}
              onKeyDown={(event) => {
                if (event.key === 'Escape') cancel();
              }}
            />
            <Button
              type="submit"
              size="icon"
              className="size-9"
              disabled={update.isPending}
              aria-label={t('admin.swapCount.save')}
            >
              <Check aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-9"
              onClick={cancel}
              disabled={update.isPending}
              aria-label={t('admin.swapCount.cancel')}
            >
              <X aria-hidden="true" />
            </Button>
          </div>
          <div className="text-xs font-normal">
            <FieldError id="swap-count-error" message={error} />
          </div>
        </form>
      ) : (
        <span className="flex items-center gap-1">
          {formatNumber(user.completedSwaps, i18n.language)}
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-muted-foreground"
            onClick={() => setEditing(true)}
            aria-label={t('admin.swapCount.edit')}
          >
            <Pencil aria-hidden="true" />
          </Button>
        </span>
      )}
    </StatCard>
  );
}
