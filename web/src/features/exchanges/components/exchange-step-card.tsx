import { useId, useState, type ReactNode } from 'react';
import {
  CalendarCheck,
  CalendarClock,
  CalendarPlus,
  CircleCheckBig,
  CircleHelp,
  CircleSlash,
  Handshake,
  PackageOpen,
  PenLine,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ExchangeView } from '@nomadswap/contracts/messaging-responses';
import { paths } from '../../../config/paths';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonVariants } from '../../../components/ui/button';
import { toast } from '../../../hooks/use-toast';
import { errorText } from '../../../i18n/message-text';
import { cn } from '../../../lib/utils';
import { useDownloadMeetupIcs } from '../api/download-meetup-ics';
import type { ExchangeStepAction } from '../api/act-on-exchange';
import { useExchangeAction } from '../hooks/use-exchange-action';
import {
  isPreConfirmed,
  meetupPassed,
  otherPartyId,
  otherPartyName,
  roleOf,
  startedAsConfirmation,
  type ExchangeStep,
} from '../utils/exchange-steps';
import { endedText, formatMeetupTime } from '../utils/step-texts';
import { CancelExchangeDialog } from './cancel-exchange-dialog';
import { ExchangeItemThumb } from './exchange-item-thumb';
import { MeetupDialog } from './meetup-dialog';

interface StepCardProps {
  step: ExchangeStep;
  viewerId: string;
  now?: Date;
}

/**
 * One step of a swap in the conversation's timeline: the request, the reservation, the meetup, "Did the swap
 * happen?", and how it ended. Only the step the swap is at carries actions, each for the party who may take it.
 */
export function ExchangeStepCard({ step, viewerId, now = new Date() }: StepCardProps) {
  const { t } = useTranslation();
  const names = useNames(step.exchange, viewerId);
  switch (step.kind) {
    case 'request':
      return <RequestCard exchange={step.exchange} viewerId={viewerId} names={names} />;
    case 'accepted':
      return <AcceptedCard exchange={step.exchange} viewerId={viewerId} names={names} />;
    case 'meetup':
      return <MeetupCard exchange={step.exchange} viewerId={viewerId} names={names} />;
    case 'confirm':
      return <ConfirmCard exchange={step.exchange} viewerId={viewerId} names={names} now={now} />;
    case 'completed':
      return (
        <StepShell icon={CircleCheckBig} tone="success" title={t('exchanges.card.completedTitle')}>
          <p>{t('exchanges.card.completedBody')}</p>
          <Actions>
            <Link
              to={`${paths.review(otherPartyId(step.exchange, viewerId))}?${new URLSearchParams({ exchange: step.exchange.id }).toString()}`}
              className={buttonVariants({ className: 'w-full sm:w-auto' })}
            >
              <PenLine aria-hidden="true" />
              {t('exchanges.card.leaveReview')}
            </Link>
          </Actions>
        </StepShell>
      );
    case 'ended':
      return (
        <StepShell icon={CircleSlash} tone="muted" title={t(`exchanges.status.${step.exchange.status}`)}>
          <p>{endedText(step.exchange, viewerId, names.other, t)}</p>
        </StepShell>
      );
  }
}

interface Names {
  other: string;
  title: string;
}

function useNames(exchange: ExchangeView, viewerId: string): Names {
  const { t } = useTranslation();
  return {
    other: otherPartyName(exchange, viewerId, t('exchanges.someone')),
    title: exchange.item?.title ?? t('exchanges.anItem'),
  };
}

const TONES = {
  default: 'border-teal-200 bg-secondary/40',
  success: 'border-emerald-200 bg-emerald-50',
  muted: 'border-border bg-muted/60',
} as const;

function StepShell({
  icon: Icon,
  tone = 'default',
  title,
  badge,
  children,
}: {
  icon: LucideIcon;
  tone?: keyof typeof TONES;
  title: string;
  badge?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'mx-auto grid w-full max-w-md grid-cols-1 gap-2 rounded-xl border p-3 text-sm text-foreground shadow-xs sm:p-4',
        TONES[tone],
      )}
    >
      <div className="flex items-start gap-2">
        <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <h3 id={titleId} className="min-w-0 flex-1 font-semibold leading-snug wrap-anywhere">
          {title}
        </h3>
        {badge}
      </div>
      {children}
    </article>
  );
}

/** Buttons sized for a thumb: side by side in two columns on a phone, in a row from `sm` up. */
function Actions({ children }: { children: ReactNode }) {
  return (
    <div className="mt-1 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap [&>*:only-child]:col-span-2">
      {children}
    </div>
  );
}

function ItemLine({ item }: { item: ExchangeView['item'] }) {
  if (!item) return null;
  const body = (
    <>
      <ExchangeItemThumb item={item} />
      <span className="min-w-0 truncate font-medium">{item.title}</span>
    </>
  );
  return item.deleted ? (
    <div className="flex items-center gap-3">{body}</div>
  ) : (
    <Link
      to={paths.item(item.id)}
      className="flex items-center gap-3 rounded-lg hover:bg-card/70 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {body}
    </Link>
  );
}

/** A destructive step (decline, withdraw, "it didn't happen", no-show) asks first. */
function ConfirmedAction({
  exchange,
  action,
  label,
  title,
  description,
  done,
  variant = 'outline',
}: {
  exchange: ExchangeView;
  action: Exclude<ExchangeStepAction['action'], 'cancel'>;
  label: string;
  title: string;
  description: string;
  done: string;
  variant?: 'outline' | 'ghost';
}) {
  const [open, setOpen] = useState(false);
  const { run, running } = useExchangeAction();
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        description={description}
        confirmLabel={label}
        pending={running === action}
        onConfirm={() => run({ id: exchange.id, action }, { title: done }, () => setOpen(false))}
      />
    </>
  );
}

interface CardProps {
  exchange: ExchangeView;
  viewerId: string;
  names: Names;
}

function RequestCard({ exchange, viewerId, names }: CardProps) {
  const { t } = useTranslation();
  const role = roleOf(exchange, viewerId);
  const preConfirmed = isPreConfirmed(exchange);
  const asConfirmation = startedAsConfirmation(exchange);
  const { run, running } = useExchangeAction();
  const mine = asConfirmation ? exchange.confirmedBy.includes(viewerId) : role === 'requester';
  const title = asConfirmation
    ? mine
      ? t('exchanges.card.proposalYou', { name: names.other })
      : t('exchanges.card.proposalThem', { name: names.other })
    : mine
      ? t('exchanges.card.requestYou', { title: names.title })
      : t('exchanges.card.requestThem', { name: names.other, title: names.title });
  const answering = exchange.status === 'proposed' && !preConfirmed;

  return (
    <StepShell
      icon={PackageOpen}
      title={title}
      badge={
        exchange.status === 'proposed' ? null : (
          <Badge variant="outline" className="shrink-0 bg-card">
            {t(`exchanges.status.${exchange.status}`)}
          </Badge>
        )
      }
    >
      <ItemLine item={exchange.item} />
      {exchange.message ? (
        <blockquote className="whitespace-pre-line rounded-lg bg-card/80 px-3 py-2 wrap-anywhere">
          {exchange.message}
        </blockquote>
      ) : null}
      {exchange.offeredItems.length > 0 ? (
        <div className="grid grid-cols-1 gap-1.5">
          <p className="text-xs font-medium text-muted-foreground">{t('exchanges.card.offered')}</p>
          <ul className="grid grid-cols-1 gap-1.5">
            {exchange.offeredItems.map((item) => (
              <li key={item.id}>
                <ItemLine item={item} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {answering && exchange.itemReserved ? (
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2">
          {role === 'owner'
            ? t('exchanges.card.itemReservedOwner')
            : t('exchanges.card.itemReservedRequester')}
        </p>
      ) : null}
      {answering && role === 'owner' ? (
        <Actions>
          <Button
            disabled={running !== undefined || exchange.itemReserved}
            onClick={() =>
              run(
                { id: exchange.id, action: 'accept' },
                {
                  title: t('exchanges.card.accepted'),
                  description: t('exchanges.card.acceptedDescription', {
                    title: names.title,
                    name: names.other,
                  }),
                },
              )
            }
          >
            {running === 'accept' ? t('exchanges.card.accepting') : t('exchanges.card.accept')}
          </Button>
          <ConfirmedAction
            exchange={exchange}
            action="decline"
            label={t('exchanges.card.decline')}
            title={t('exchanges.card.declineTitle', { name: names.other })}
            description={t('exchanges.card.declineDescription', { name: names.other })}
            done={t('exchanges.card.declined')}
          />
        </Actions>
      ) : null}
      {answering && role === 'requester' ? (
        <Actions>
          <ConfirmedAction
            exchange={exchange}
            action="withdraw"
            label={t('exchanges.card.withdraw')}
            title={t('exchanges.card.withdrawTitle')}
            description={t('exchanges.card.withdrawDescription', { name: names.other })}
            done={t('exchanges.card.withdrawn')}
          />
        </Actions>
      ) : null}
    </StepShell>
  );
}

function AcceptedCard({ exchange, viewerId, names }: CardProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'meetup' | 'cancel' | null>(null);
  const role = roleOf(exchange, viewerId);
  const active = exchange.status === 'accepted' && role !== null;
  const text =
    role === 'owner'
      ? t('exchanges.card.reservedOwner', { title: names.title, name: names.other })
      : t('exchanges.card.reservedRequester', { title: names.title, name: names.other });
  return (
    <StepShell icon={Handshake} title={t('exchanges.status.accepted')}>
      <p>{text}</p>
      {active ? (
        <Actions>
          {exchange.meetup ? null : (
            <Button onClick={() => setDialog('meetup')}>
              <CalendarClock aria-hidden="true" />
              {t('exchanges.card.proposeMeetup')}
            </Button>
          )}
          <Button variant="outline" onClick={() => setDialog('cancel')}>
            {t('exchanges.card.cancel')}
          </Button>
        </Actions>
      ) : null}
      {dialog === 'meetup' ? (
        <MeetupDialog exchange={exchange} otherName={names.other} open onOpenChange={() => setDialog(null)} />
      ) : null}
      <CancelExchangeDialog
        exchange={exchange}
        otherName={names.other}
        open={dialog === 'cancel'}
        onOpenChange={(open) => setDialog(open ? 'cancel' : null)}
      />
    </StepShell>
  );
}

function MeetupCard({ exchange, viewerId, names }: CardProps) {
  const { t, i18n } = useTranslation();
  const [suggesting, setSuggesting] = useState(false);
  const { run, running } = useExchangeAction();
  const download = useDownloadMeetupIcs();
  const meetup = exchange.meetup;
  if (!meetup) return null;
  const active = exchange.status === 'accepted' && roleOf(exchange, viewerId) !== null;
  const byMe = meetup.proposedBy === viewerId;

  const addToCalendar = () =>
    download.mutate(exchange.id, {
      onError: (error) =>
        toast({
          title: t('exchanges.card.calendarFailed'),
          description: errorText(t, error),
          variant: 'destructive',
        }),
    });

  return (
    <StepShell
      icon={meetup.agreed ? CalendarCheck : CalendarClock}
      tone={meetup.agreed ? 'success' : 'default'}
      title={meetup.agreed ? t('exchanges.card.meetupAgreed') : t('exchanges.card.meetupTitle')}
    >
      {meetup.agreed ? null : (
        <p className="text-muted-foreground">
          {byMe ? t('exchanges.card.meetupByYou') : t('exchanges.card.meetupByThem', { name: names.other })}
        </p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">{t('exchanges.card.meetupWhen')}</dt>
        <dd className="font-medium">
          <time dateTime={meetup.at}>{formatMeetupTime(meetup.at, i18n.language)}</time>
        </dd>
        <dt className="text-muted-foreground">{t('exchanges.card.meetupWhere')}</dt>
        <dd className="font-medium wrap-anywhere">{meetup.place}</dd>
        {meetup.note ? (
          <>
            <dt className="text-muted-foreground">{t('exchanges.card.meetupNote')}</dt>
            <dd className="whitespace-pre-line wrap-anywhere">{meetup.note}</dd>
          </>
        ) : null}
      </dl>
      {active && !meetup.agreed && byMe ? (
        <p className="text-muted-foreground">{t('exchanges.card.waitingMeetup', { name: names.other })}</p>
      ) : null}
      {active ? (
        <Actions>
          {!meetup.agreed && !byMe ? (
            <Button
              disabled={running !== undefined}
              onClick={() =>
                run(
                  { id: exchange.id, action: 'meetup/accept' },
                  { title: t('exchanges.card.meetupAccepted') },
                )
              }
            >
              {t('exchanges.card.acceptMeetup')}
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => setSuggesting(true)}>
            {t('exchanges.card.suggestAnother')}
          </Button>
          <Button variant="outline" onClick={addToCalendar} disabled={download.isPending}>
            <CalendarPlus aria-hidden="true" />
            {t('exchanges.card.addToCalendar')}
          </Button>
        </Actions>
      ) : null}
      {suggesting ? (
        <MeetupDialog exchange={exchange} otherName={names.other} open onOpenChange={setSuggesting} />
      ) : null}
    </StepShell>
  );
}

function ConfirmCard({ exchange, viewerId, names, now }: CardProps & { now: Date }) {
  const { t } = useTranslation();
  const { run, running } = useExchangeAction();
  const preConfirmed = isPreConfirmed(exchange);
  const confirmed = exchange.confirmedBy.includes(viewerId);
  const participant = roleOf(exchange, viewerId) !== null;
  const text = confirmed
    ? t('exchanges.card.youConfirmed', { name: names.other })
    : exchange.confirmedBy.length > 0
      ? t('exchanges.card.theySaid', { name: names.other })
      : t('exchanges.card.happenedBody');
  return (
    <StepShell icon={CircleHelp} title={t('exchanges.card.happenedTitle')}>
      <p>{text}</p>
      {participant && !confirmed ? (
        <Actions>
          <Button
            disabled={running !== undefined}
            onClick={() =>
              run({ id: exchange.id, action: 'confirm' }, { title: t('exchanges.card.confirmed') })
            }
          >
            {t('exchanges.card.confirm')}
          </Button>
          <ConfirmedAction
            exchange={exchange}
            action="dispute"
            label={t('exchanges.card.didNotHappen')}
            title={t('exchanges.card.didNotHappenTitle')}
            description={t('exchanges.card.didNotHappenDescription', { name: names.other })}
            done={t('exchanges.card.didNotHappenDone')}
          />
          {!preConfirmed && meetupPassed(exchange, now) ? (
            <ConfirmedAction
              exchange={exchange}
              action="no-show"
              variant="ghost"
              label={t('exchanges.card.noShow')}
              title={t('exchanges.card.noShowTitle', { name: names.other })}
              description={t('exchanges.card.noShowDescription', { name: names.other })}
              done={t('exchanges.card.noShowDone')}
            />
          ) : null}
        </Actions>
      ) : null}
    </StepShell>
  );
}
