import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

const variants = {
  default: 'border-transparent bg-primary text-primary-foreground',
  secondary: 'border-transparent bg-secondary text-secondary-foreground',
  success: 'border-transparent bg-accent text-accent-foreground',
  warning: 'border-transparent bg-warning text-warning-foreground',
  destructive: 'border-transparent bg-destructive text-destructive-foreground',
  outline: 'text-foreground',
} as const;

export type BadgeVariant = keyof typeof variants;

export function badgeVariants({
  variant = 'default',
  className,
}: { variant?: BadgeVariant; className?: string } = {}) {
  return cn(
    'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold [&_svg]:size-3.5',
    variants[variant],
    className,
  );
}

export function Badge({ className, variant, ...props }: ComponentProps<'span'> & { variant?: BadgeVariant }) {
  return <span className={badgeVariants({ variant, className })} {...props} />;
}
