import { useEffect, useRef, useState } from 'react';
import { Ban, CircleCheckBig, Flag, ShieldOff } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ChatUser } from '@nomadswap/contracts/responses';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../hooks/use-toast';
import { errorText } from '../../../i18n/message-text';
import { useReportUser } from '../../../hooks/use-report-user';
import { useBlockUser } from '../api/block-user';
import { useCompleteExchange } from '../api/complete-exchange';
import { useUnblockUser } from '../api/unblock-user';

/** Spec section 4: after completing a swap the browser moves on after 1.5 s. */
export const SWAP_REDIRECT_MS = 1_500;

interface ChatActionsProps {
  other: ChatUser;
  itemId?: string;
  blocked: boolean;
}

/** Complete Swap, Block / Unblock and Report for the open conversation. */
export function ChatActions({ other, itemId, blocked }: ChatActionsProps) {
  return (
    <div className="flex flex-wrap gap-2">
      <CompleteSwapButton other={other} itemId={itemId} />
      <BlockButton other={other} blocked={blocked} />
      <ReportButton other={other} />
    </div>
  );
}

function CompleteSwapButton({ other, itemId }: { other: ChatUser; itemId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const complete = useCompleteExchange();
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const onConfirm = () =>
    complete.mutate(
      { otherUserId: other.id, ...(itemId ? { itemId } : {}) },
      {
        onSuccess: (result) => {
          setOpen(false);
          const redirectTo = result.redirectTo;
          // Issue 20: only a swap both confirmed is complete; until then the other person is asked to confirm.
          if (!redirectTo) {
            toast({
              title: t('messages.swapConfirmedTitle'),
              description: t('messages.waitingFor', { name: other.fullName }),
              variant: 'success',
            });
            return;
          }
          toast({
            title: t('messages.swapCompleted'),
            description: t('messages.swapCompletedDescription'),
            variant: 'success',
          });
          redirect.current = setTimeout(() => void navigate(redirectTo), SWAP_REDIRECT_MS);
        },
        onError: (error) => {
          setOpen(false);
          toast({
            title: t('common.error'),
            description: errorText(t, error, t('messages.completeSwapFailed')),
            variant: 'destructive',
          });
        },
      },
    );

  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} disabled={other.deleted || complete.isSuccess}>
        <CircleCheckBig aria-hidden="true" />
        {t('messages.completeSwap')}
      </Button>
      {complete.data && !complete.data.redirectTo ? (
        <p role="status" className="order-last basis-full text-xs text-muted-foreground">
          {t('messages.waitingFor', { name: other.fullName })}
        </p>
      ) : null}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('messages.completeSwapTitle', { name: other.fullName })}
        description={t('messages.completeSwapDescription', { name: other.fullName })}
        confirmLabel={t('messages.completeSwap')}
        pendingLabel={t('messages.completing')}
        pending={complete.isPending}
        confirmVariant="default"
        onConfirm={onConfirm}
      />
    </>
  );
}

function BlockButton({ other, blocked }: { other: ChatUser; blocked: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const block = useBlockUser();
  const unblock = useUnblockUser();

  const onBlock = () =>
    block.mutate(other.id, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: t('messages.blocked', { name: other.fullName }) });
      },
      onError: (error) => {
        setOpen(false);
        toast({
          title: t('common.error'),
          description: errorText(t, error, t('messages.blockFailed')),
          variant: 'destructive',
        });
      },
    });

  const onUnblock = () =>
    unblock.mutate(other.id, {
      onSuccess: () => toast({ title: t('messages.unblocked', { name: other.fullName }) }),
      onError: (error) =>
        toast({
          title: t('common.error'),
          description: errorText(t, error, t('messages.unblockFailed')),
          variant: 'destructive',
        }),
    });

  if (blocked) {
    return (
      <Button variant="outline" size="sm" onClick={onUnblock} disabled={unblock.isPending}>
        <ShieldOff aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{t('messages.unblock')}</span>
      </Button>
    );
  }
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} disabled={other.deleted}>
        <Ban aria-hidden="true" />
        {/* Phones: the icon alone keeps the three actions on one line; the name stays for screen readers. */}
        <span className="sr-only sm:not-sr-only">{t('messages.block')}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('messages.blockTitle', { name: other.fullName })}
        description={t('messages.blockDescription', { name: other.fullName })}
        confirmLabel={t('messages.block')}
        pendingLabel={t('messages.blocking')}
        pending={block.isPending}
        onConfirm={onBlock}
      />
    </>
  );
}

function ReportButton({ other }: { other: ChatUser }) {
  const { t } = useTranslation();
  const reportUser = useReportUser();
  return (
    <Button variant="outline" size="sm" onClick={() => reportUser(other)} disabled={other.deleted}>
      <Flag aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">{t('messages.report')}</span>
    </Button>
  );
}
