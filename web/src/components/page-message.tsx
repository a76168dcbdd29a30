import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/utils';

interface PageMessageProps {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  /** Links or buttons that lead on (Log In, Go Home, Back...). */
  children?: ReactNode;
  tone?: 'default' | 'warning' | 'danger';
}

const toneClasses = {
  default: 'bg-secondary text-secondary-foreground',
  warning: 'bg-warning text-warning-foreground',
  danger: 'bg-red-50 text-destructive',
} as const;

/**
 * A whole-page state instead of the page's content: 'Authentication Required', 'Admin Access Required',
 * 'User Not Found', 'Approval Required'. The title is the page's h1.
 */
export function PageMessage({
  icon: Icon,
  title,
  description,
  children,
  tone = 'default',
}: PageMessageProps) {
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <span className={cn('flex size-14 items-center justify-center rounded-full', toneClasses[tone])}>
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {description ? <p className="text-muted-foreground">{description}</p> : null}
      {children ? <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">{children}</div> : null}
    </div>
  );
}
