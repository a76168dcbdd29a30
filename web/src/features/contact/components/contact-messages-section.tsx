import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState, SectionError } from '../../../components/section-states';
import { Badge } from '../../../components/ui/badge';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/format';
import { useContactMessages } from '../api/get-contact-messages';

/** Contact messages for admins on the dashboard, newest first. */
export function ContactMessagesSection() {
  const { t, i18n } = useTranslation();
  const messages = useContactMessages({ limit: 10 });
  return (
    <section aria-labelledby="contact-messages-title" className="grid gap-4">
      <div className="flex items-center gap-2">
        <h2 id="contact-messages-title" className="text-xl font-semibold tracking-tight">
          {t('contactAdmin.title')}
        </h2>
        {messages.data ? <Badge variant="secondary">{messages.data.total}</Badge> : null}
      </div>
      {messages.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          <span className="sr-only" role="status">
            {t('common.loading')}
          </span>
          <Skeleton className="h-20 rounded-xl" />
        </div>
      ) : messages.isError ? (
        <SectionError
          title={t('contactAdmin.loadFailed')}
          onRetry={() => void messages.refetch()}
          retrying={messages.isFetching}
        />
      ) : messages.data.messages.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title={t('contactAdmin.emptyTitle')}
          description={t('contactAdmin.emptyBody')}
        />
      ) : (
        <ul className="grid gap-3">
          {messages.data.messages.map((message) => (
            <li key={message.id} className="grid gap-1 rounded-xl border bg-card p-4 text-sm shadow-sm">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold wrap-anywhere">{message.subject}</h3>
                <Badge variant="outline">{t(`contact.categories.${message.category}`)}</Badge>
              </div>
              <p className="text-xs break-all text-muted-foreground">
                {message.name} ·{' '}
                <a href={`mailto:${message.email}`} className="text-primary underline underline-offset-2">
                  {message.email}
                </a>{' '}
                · {formatDate(message.createdAt, i18n.language)}
              </p>
              <p className="whitespace-pre-line wrap-anywhere">{message.message}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
