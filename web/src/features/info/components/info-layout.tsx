import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { cn } from '../../../lib/utils';

/** The top of an information page: an icon, an eyebrow, the page's one h1, an intro and an optional date. */
export function InfoHeader(props: {
  icon: LucideIcon;
  eyebrow?: string;
  title: string;
  intro: string;
  updated?: string;
}) {
  const Icon = props.icon;
  return (
    <header className="grid gap-3">
      <span className="flex size-12 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      {props.eyebrow ? (
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">{props.eyebrow}</p>
      ) : null}
      <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-4xl">{props.title}</h1>
      <p className="max-w-2xl text-muted-foreground sm:text-lg">{props.intro}</p>
      {props.updated ? <p className="text-sm text-muted-foreground">{props.updated}</p> : null}
    </header>
  );
}

/** The page body column shared by the information and legal pages. */
export function InfoPage({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('mx-auto grid max-w-4xl gap-8 px-4 py-8 sm:py-12', className)}>{children}</div>;
}

/** One titled part of an information page (an h2 in a card). */
export function InfoSection(props: {
  id: string;
  title: string;
  icon?: LucideIcon;
  children: ReactNode;
  className?: string;
}) {
  const Icon = props.icon;
  return (
    <section
      aria-labelledby={props.id}
      className={cn(
        'grid content-start gap-3 rounded-xl border bg-card p-5 shadow-sm sm:p-6',
        props.className,
      )}
    >
      <h2 id={props.id} className="flex items-center gap-2 text-lg font-semibold tracking-tight sm:text-xl">
        {Icon ? <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" /> : null}
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

/** A list of short statements, each with a leading icon. */
export function PointList({
  points,
  icon: Icon = CheckCircle2,
  iconClassName = 'text-primary',
}: {
  points: readonly string[];
  icon?: LucideIcon;
  iconClassName?: string;
}) {
  return (
    <ul className="grid gap-2 text-sm">
      {points.map((point) => (
        <li key={point} className="flex items-start gap-2">
          <Icon className={cn('mt-0.5 size-4 shrink-0', iconClassName)} aria-hidden="true" />
          <span>{point}</span>
        </li>
      ))}
    </ul>
  );
}

export const inlineLinkClass =
  'rounded font-medium text-primary underline underline-offset-4 hover:text-primary/80 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
