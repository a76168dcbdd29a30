import { cn } from '../lib/utils';
import logoUrl from '../assets/logo.svg';

/** The swap-arrows mark with the word mark next to it. Decorative: the enclosing link carries the name. */
export function Logo({ className, showWordmark = true }: { className?: string; showWordmark?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <img src={logoUrl} alt="" width={32} height={32} className="size-8 rounded-lg" />
      {showWordmark ? (
        <span className="text-lg font-bold tracking-tight text-foreground">
          Nomad<span className="text-primary">Swap</span>
        </span>
      ) : null}
    </span>
  );
}
