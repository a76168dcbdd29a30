import { useState, type ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/** Up to two initials from a display name ("Ana María López" → "AL"). */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

interface AvatarProps extends Omit<ComponentProps<'span'>, 'children'> {
  src?: string | null;
  name: string;
  /** Decorative by default: the surrounding control names the person. */
  alt?: string;
}

/** A round user picture that falls back to initials when there is no photo or it fails to load. */
export function Avatar({ src, name, alt = '', className, ...props }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  return (
    <span
      className={cn(
        'relative inline-flex size-9 shrink-0 select-none items-center justify-center overflow-hidden rounded-full',
        'bg-secondary text-sm font-semibold text-secondary-foreground',
        className,
      )}
      {...props}
    >
      {showImage && src ? (
        // Lazy: a page's avatars (one per card) must not compete with its main photo for the first bytes.
        <img
          src={src}
          alt={alt}
          loading="lazy"
          className="size-full object-cover"
          onError={() => setFailedSrc(src)}
        />
      ) : (
        <span aria-hidden="true">{initials(name)}</span>
      )}
    </span>
  );
}
