import type { ReactNode } from 'react';
import { Ban, CheckCircle2, ExternalLink, Gavel } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ReportStatus } from '@nomadswap/contracts/enums';
import type { Report } from '@nomadswap/contracts/responses';
import { paths } from '../../../config/paths';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { toast } from '../../../hooks/use-toast';
import { formatDate, personName } from '../../../lib/format';
import { errorText } from '../../../i18n/message-text';
import { useUpdateReport } from '../api/update-report';

const STATUS_VARIANT: Record<ReportStatus, BadgeVariant> = {
  open: 'warning',
  resolved: 'success',
  dismissed: 'secondary',
};

/**
 * One report for admins (spec section 2, Reports Submitted): subject, status, type, URGENT when critical,
 * reporter or Anonymous, date, description and id; the checkbox toggles it (open → resolved, otherwise back
 * to open), Resolve and Dismiss act on open reports, and the reported user opens in a new tab.
 */
export function ReportCard({
  report,
  renderActions,
}: {
  report: Report;
  /** More actions beside Resolve/Dismiss (the admin pages: Warn, Restrict, Suspend the reported user). */
  renderActions?: (report: Report) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const update = useUpdateReport();

  const setStatus = (status: ReportStatus) =>
    update.mutate(
      { id: report.id, status },
      {
        onSuccess: () => toast({ title: t('adminReports.updated'), variant: 'success' }),
        onError: (error) =>
          toast({
            title: t('common.error'),
            description: errorText(t, error, t('adminReports.updateFailed')),
            variant: 'destructive',
          }),
      },
    );

  const isOpen = report.status === 'open';
  const checkboxId = `report-${report.id}-done`;
  return (
    <article
      className="grid grid-cols-1 gap-3 rounded-xl border bg-card p-4 shadow-sm"
      aria-labelledby={`report-${report.id}`}
    >
      <div className="flex items-start gap-3">
        <Checkbox
          id={checkboxId}
          checked={!isOpen}
          disabled={update.isPending}
          onCheckedChange={() => setStatus(isOpen ? 'resolved' : 'open')}
          aria-label={isOpen ? t('adminReports.markResolved') : t('adminReports.reopen')}
          className="mt-1"
        />
        <div className="grid min-w-0 flex-1 grid-cols-1 gap-1">
          <h3 id={`report-${report.id}`} className="font-semibold wrap-anywhere">
            {report.subject}
          </h3>
          <div className="flex flex-wrap items-center gap-1.5">
            {report.urgency === 'critical' ? (
              <Badge variant="destructive">{t('adminReports.urgent')}</Badge>
            ) : null}
            <Badge variant={STATUS_VARIANT[report.status]}>
              {t(`adminReports.statuses.${report.status}`)}
            </Badge>
            <Badge variant="outline">{t(`report.types.${report.type}`)}</Badge>
            <Badge variant="outline">{t(`report.urgencies.${report.urgency}`)}</Badge>
            {report.sanction ? (
              <Badge variant="destructive">
                <Gavel className="size-3" aria-hidden="true" />
                {t('sanctions.reportRecorded', { type: t(`sanctions.types.${report.sanction.type}`) })}
              </Badge>
            ) : null}
          </div>
          <p className="text-xs wrap-anywhere text-muted-foreground">
            {t('adminReports.byOn', {
              reporter: report.reporter ? personName(t, report.reporter) : t('adminReports.anonymous'),
              date: formatDate(report.createdAt, i18n.language),
            })}
          </p>
          {report.contactEmail ? (
            <p className="text-xs wrap-anywhere text-muted-foreground">
              {t('adminReports.replyTo')}{' '}
              <a href={`mailto:${report.contactEmail}`} className="text-primary hover:underline">
                {report.contactEmail}
              </a>
            </p>
          ) : null}
        </div>
      </div>
      <ReportSubjects report={report} />
      <p className="whitespace-pre-line text-sm wrap-anywhere">{report.description}</p>
      {/* Ids are a secondary detail; they wrap between each other, never inside one. */}
      <p className="text-xs text-muted-foreground">
        {[
          t('adminReports.id', { id: report.id }),
          report.relatedUser ? t('adminReports.relatedUserId', { id: report.relatedUser.id }) : null,
          report.relatedItem ? t('adminReports.relatedItem', { id: report.relatedItem }) : null,
        ]
          .filter((text) => text !== null)
          .map((text, index) => (
            <span key={text}>
              {index > 0 ? ' · ' : null}
              <span className="whitespace-nowrap">{text}</span>
            </span>
          ))}
      </p>
      <div className="flex flex-wrap gap-2">
        {isOpen ? (
          <>
            <Button size="sm" disabled={update.isPending} onClick={() => setStatus('resolved')}>
              <CheckCircle2 aria-hidden="true" />
              {t('adminReports.resolve')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={update.isPending}
              onClick={() => setStatus('dismissed')}
            >
              <Ban aria-hidden="true" />
              {t('adminReports.dismiss')}
            </Button>
            {renderActions?.(report)}
          </>
        ) : null}
        {report.relatedItem ? (
          <NewTabLink href={paths.item(report.relatedItem)}>{t('adminReports.viewListing')}</NewTabLink>
        ) : null}
        {report.relatedUser ? (
          <NewTabLink href={paths.user(report.relatedUser.id)}>{t('adminReports.viewUser')}</NewTabLink>
        ) : null}
      </div>
    </article>
  );
}

/** Who and what the report is about, by name ("Tomás Costa (@tomas.costa)", the listing's title). */
function ReportSubjects({ report }: { report: Report }) {
  const { t } = useTranslation();
  const user = report.relatedUser?.fullName
    ? personName(t, { fullName: report.relatedUser.fullName, username: report.relatedUser.username })
    : null;
  if (!user && !report.relatedItemTitle) return null;
  return (
    <ul className="grid gap-0.5 text-sm wrap-anywhere">
      {user ? <li>{t('adminReports.reportedUser', { name: user })}</li> : null}
      {report.relatedItemTitle ? (
        <li>{t('adminReports.reportedListing', { title: report.relatedItemTitle })}</li>
      ) : null}
    </ul>
  );
}

/** Opens what a report is about in a new tab (spec: the reported user opens /user/{id}). */
function NewTabLink({ href, children }: { href: string; children: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className={buttonVariants({ size: 'sm', variant: 'ghost' })}
    >
      <ExternalLink aria-hidden="true" />
      {children}
    </a>
  );
}
