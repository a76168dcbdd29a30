import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/** A native `<select>` styled like the inputs (keyboard and mobile pickers for free). */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'flex h-10 w-full rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs md:text-sm',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1',
        'aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}
