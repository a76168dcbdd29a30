import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { RotateCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/utils';
import { Button } from './ui/button';
import { Skeleton } from './ui/skeleton';

/** A section whose list is empty: an icon, a title and a line of help (or a call to action). */
export function EmptyState({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed bg-card px-4 py-10 text-center">
      <Icon className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="font-semibold">{title}</p>
      {description ? <p className="max-w-sm text-sm text-muted-foreground">{description}</p> : null}
      {children}
    </div>
  );
}

/**
 * A section whose data could not be loaded. The rest of the page keeps working; Try again refetches only
 * this section.
 */
export function SectionError({
  title,
  onRetry,
  retrying = false,
}: {
  title: string;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50/60 px-4 py-8 text-center"
    >
      <TriangleAlert className="size-7 text-destructive" aria-hidden="true" />
      <p className="font-medium text-foreground">{title}</p>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
          <RotateCw aria-hidden="true" />
          {t('common.tryAgain')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * A section whose data is on its way: for screen readers "Loading...", and either rounded skeleton blocks (one
 * per class list, e.g. `h-16`) or the skeletons given as children (shaped like what comes), in `className`'s grid.
 */
export function SectionLoading({
  blocks = [],
  className = 'grid gap-3',
  children,
}: {
  blocks?: readonly string[];
  className?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={className} aria-busy="true">
      <span className="sr-only" role="status">
        {t('common.loading')}
      </span>
      {children ??
        blocks.map((blockClass, index) => <Skeleton key={index} className={cn('rounded-xl', blockClass)} />)}
    </div>
  );
}

/** The part of a React Query result a section reads. */
interface SectionQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * A list section's four states from its query: `loading` while pending, {@link SectionError} with Try again when
 * it failed, `empty` when `isEmpty(data)`, else `children(data)`.
 */
export function QuerySection<T>({
  query,
  loading,
  errorTitle,
  isEmpty,
  empty,
  children,
}: {
  query: SectionQuery<T>;
  loading: ReactNode;
  errorTitle: string;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError || query.data === undefined) {
    return (
      <SectionError title={errorTitle} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }
  return isEmpty(query.data) ? empty : children(query.data);
}
