import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return (
    // The control is associated through `htmlFor` by the caller.
    // eslint-disable-next-line jsx-a11y/label-has-associated-control
    <label
      className={cn('text-sm font-medium leading-none text-foreground peer-disabled:opacity-60', className)}
      {...props}
    />
  );
}
