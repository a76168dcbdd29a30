import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../lib/utils';

interface StatCardProps {
  icon: LucideIcon;
  label: string;
  /** The number (or an editor for it). */
  children: ReactNode;
  className?: string;
}

/** One count of a stats row: icon, big number, label. Compact on phones, where three sit side by side. */
export function StatCard({ icon: Icon, label, children, className }: StatCardProps) {
  return (
    <div
      className={cn(
        'flex flex-col gap-2 rounded-xl border bg-card p-3 shadow-sm sm:flex-row sm:items-center sm:gap-3 sm:p-4',
        className,
      )}
    >
      <span className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground sm:flex">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <div className="text-2xl font-bold leading-tight">{children}</div>
        <span className="text-xs text-muted-foreground sm:text-sm">{label}</span>
      </div>
    </div>
  );
}
