import { useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { UserSelf } from '@nomadswap/contracts/responses';
import type { Sanction } from '@nomadswap/contracts/sanctions';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QuerySection, SectionLoading } from '../../../components/section-states';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../hooks/use-toast';
import { formatDate } from '../../../lib/format';
import { errorText } from '../../../i18n/message-text';
import { useSanctions } from '../api/get-sanctions';
import { useLiftSanction } from '../api/lift-sanction';
import { SanctionActions } from './sanction-actions';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * The sanctions part of the admin's user detail (issue 26): what is in force and until when, Warn / Restrict /
 * Suspend, Lift (asked first), and the history, newest first, with who gave and lifted each. Admins cannot be
 * sanctioned, so an admin's page shows only the history.
 */
export function SanctionPanel({ user, isSelf }: { user: UserSelf; isSelf: boolean }) {
  const { t, i18n } = useTranslation();
  const history = useSanctions(user.id);
  const lift = useLiftSanction();
  const [confirmLift, setConfirmLift] = useState(false);
  const current = user.sanction ?? null;
  const sanctionable = user.role !== 'admin' && !isSelf;
  const until = (endsAt: string | null) =>
    endsAt
      ? t('sanctions.until', { date: formatDate(endsAt, i18n.language, DATE_TIME) })
      : t('sanctions.forGood');

  const doLift = () =>
    lift.mutate(user.id, {
      onSuccess: () => {
        toast({ title: t('sanctions.lifted', { name: user.fullName }), variant: 'success' });
        setConfirmLift(false);
      },
      onError: (error) => {
        toast({
          title: t('common.error'),
          description: errorText(t, error, t('sanctions.liftFailed')),
          variant: 'destructive',
        });
        setConfirmLift(false);
      },
    });

  return (
    <section
      aria-labelledby="admin-user-sanctions"
      className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm"
    >
      <h2 id="admin-user-sanctions" className="text-xl font-semibold tracking-tight">
        {t('sanctions.title')}
      </h2>
      {current ? (
        <div className="grid gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">
          <p className="font-medium">
            {t(`sanctions.current.${current.type}`)} · {until(current.endsAt)}
          </p>
          <p className="wrap-anywhere text-muted-foreground">{current.reason}</p>
          <div>
            <Button size="sm" variant="outline" onClick={() => setConfirmLift(true)}>
              {t('sanctions.lift')}
            </Button>
          </div>
        </div>
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <ShieldCheck className="size-4" aria-hidden="true" />
          {t('sanctions.none')}
        </p>
      )}
      {sanctionable ? (
        <div className="flex flex-wrap gap-2">
          <SanctionActions target={{ id: user.id, name: user.fullName }} />
        </div>
      ) : (
        <p className="text-xs text-muted-foreground">{t('sanctions.notSanctionable')}</p>
      )}
      <h3 className="text-sm font-semibold">{t('sanctions.history')}</h3>
      <QuerySection
        query={history}
        loading={<SectionLoading blocks={['h-12']} />}
        errorTitle={t('sanctions.historyFailed')}
        isEmpty={(list) => list.length === 0}
        empty={<p className="text-sm text-muted-foreground">{t('sanctions.noHistory')}</p>}
      >
        {(list) => (
          <ul className="grid gap-2">
            {list.map((sanction) => (
              <HistoryRow key={sanction.id} sanction={sanction} until={until} />
            ))}
          </ul>
        )}
      </QuerySection>
      <ConfirmDialog
        open={confirmLift}
        onOpenChange={setConfirmLift}
        title={t('sanctions.liftTitle', { name: user.fullName })}
        description={t('sanctions.liftDescription')}
        confirmLabel={t('sanctions.lift')}
        pendingLabel={t('sanctions.lifting')}
        pending={lift.isPending}
        onConfirm={doLift}
        confirmVariant="default"
      />
    </section>
  );
}

function HistoryRow({ sanction, until }: { sanction: Sanction; until: (endsAt: string | null) => string }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatDate(iso, i18n.language, DATE_TIME);
  return (
    <li className="grid gap-1 rounded-lg border p-3 text-sm">
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge variant={sanction.type === 'warn' ? 'warning' : 'destructive'}>
          {t(`sanctions.types.${sanction.type}`)}
        </Badge>
        {sanction.active ? <Badge variant="outline">{t('sanctions.active')}</Badge> : null}
        <span className="text-xs text-muted-foreground">
          {date(sanction.startsAt)}
          {sanction.type === 'warn' ? '' : ` · ${until(sanction.endsAt)}`}
        </span>
      </div>
      <p className="wrap-anywhere">{sanction.reason}</p>
      <p className="text-xs text-muted-foreground">
        {t('sanctions.by', { name: sanction.admin?.fullName ?? t('sanctions.unknownAdmin') })}
        {sanction.liftedAt
          ? ` · ${t('sanctions.liftedBy', {
              name: sanction.liftedBy?.fullName ?? t('sanctions.unknownAdmin'),
              date: date(sanction.liftedAt),
            })}`
          : ''}
      </p>
    </li>
  );
}
