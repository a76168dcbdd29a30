import type { UseQueryResult } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
// The audit log's English texts (decision 0099): imported once, here, for the panel and the browser (both show
// this list).
import '../i18n';
import type { AuditEntry } from '@nomadswap/contracts/moderation-responses';
import { paths } from '../../../config/paths';
import { EmptyState, SectionError } from '../../../components/section-states';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate, personName } from '../../../lib/format';
import type { AuditLogPage } from '../api/get-audit-log';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** Where the target of an entry can be looked at, if anywhere. */
function targetHref(entry: AuditEntry): string | undefined {
  if (entry.target.type === 'user' && entry.action !== 'user.deleted')
    return paths.adminUser(entry.target.id);
  if (entry.target.type === 'item' && entry.action !== 'item.deleted') return paths.item(entry.target.id);
  return undefined;
}

/** The target by name: a user as "Name (@username)", a listing by its title, a report by its subject. */
function targetName(t: TFunction, entry: AuditEntry): string | undefined {
  const { name, username } = entry.target;
  return name ? personName(t, { fullName: name, username }) : undefined;
}

function change(entry: AuditEntry): string | undefined {
  const pairs = Object.keys({ ...(entry.before ?? {}), ...(entry.after ?? {}) })
    .map((key) => {
      const before = entry.before?.[key];
      const after = entry.after?.[key];
      if (before === undefined && after === undefined) return undefined;
      return `${key}: ${before === undefined ? '–' : String(before)} → ${after === undefined ? '–' : String(after)}`;
    })
    .filter(Boolean);
  return pairs.length ? pairs.join(', ') : undefined;
}

/** Admin actions, newest first: who did what to which record, when, and what changed. */
export function AuditEntryList({ query, limit }: { query: UseQueryResult<AuditLogPage>; limit?: number }) {
  const { t, i18n } = useTranslation();
  if (query.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true">
        <span className="sr-only" role="status">
          {t('common.loading')}
        </span>
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} className="h-12 rounded-lg" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <SectionError
        title={t('auditLog.loadFailed')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const entries = limit ? query.data.entries.slice(0, limit) : query.data.entries;
  if (entries.length === 0) {
    return (
      <EmptyState icon={History} title={t('auditLog.emptyTitle')} description={t('auditLog.emptyBody')} />
    );
  }
  return (
    <ol className="divide-y rounded-xl border bg-card shadow-sm">
      {entries.map((entry) => {
        const href = targetHref(entry);
        const target = `${t(`auditLog.targets.${entry.target.type}`)} ${targetName(t, entry) ?? entry.target.id}`;
        const diff = change(entry);
        return (
          <li key={entry.id} className="grid gap-0.5 p-3 text-sm wrap-anywhere">
            <p>
              <span className="font-semibold">{entry.actor?.fullName ?? t('auditLog.formerAdmin')}</span>{' '}
              {t(`auditLog.actions.${entry.action}`)}{' '}
              {href ? (
                <Link to={href} className="text-primary hover:underline">
                  {target}
                </Link>
              ) : (
                <span className="text-muted-foreground">{target}</span>
              )}
            </p>
            {targetName(t, entry) ? (
              <p className="text-xs text-muted-foreground">
                {t('auditLog.targetId', { id: entry.target.id })}
              </p>
            ) : null}
            <p className="text-xs text-muted-foreground">
              <time dateTime={entry.at}>{formatDate(entry.at, i18n.language, DATE_TIME)}</time>
              {diff ? <span> · {diff}</span> : null}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
