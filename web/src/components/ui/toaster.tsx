import {
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent,
  type RefObject,
} from 'react';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@nomadswap/contracts/enums';
import { dismissToast, useToast, type ToastRecord, type ToastVariant } from '../../hooks/use-toast';
import { cn } from '../../lib/utils';

/** The key that moves focus into the region, as Radix Toast had it (its label names it). */
const HOTKEY = 'F8';
/** How long an announcement stays in its live region: read by then, and out of the way of page text. */
const ANNOUNCE_MS = 1000;
/** How far a finger (or a mouse) moves before a press becomes a swipe rather than a tap. */
const SWIPE_START_PX = { touch: 10, other: 2 };

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-border bg-card text-card-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
  success: 'border-success bg-success text-success-foreground',
  warning: 'border-amber-300 bg-warning text-warning-foreground',
};

/** Errors and warnings interrupt the screen reader; confirmations wait their turn. */
const isAssertive = (variant: ToastVariant = 'default') => variant === 'destructive' || variant === 'warning';

interface Announcement {
  id: string;
  text: string;
  assertive: boolean;
}

/**
 * The app's notification region (issue 25: our own, in the `app` chunk, instead of Radix Toast fetched after
 * load): one toast at a time, closes after 5 s unless hovered or focused (or the window is in the background),
 * close button, Escape, swipe right (50 px) to dismiss, F8 moves focus into it. Each toast is announced through
 * an always-present live region — polite, assertive for errors and warnings — as a screen reader only announces
 * changes to a live region it already knew. Mount once, near the root.
 */
export function Toaster() {
  const { t } = useTranslation();
  const { toasts } = useToast();
  const regionRef = useRef<HTMLElement>(null);
  /** Where focus was when F8 moved it here: it goes back there when the toast it was on closes. */
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const paused = usePause(regionRef);
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);

  const close = (id: string) => {
    const region = regionRef.current;
    if (region?.contains(document.activeElement)) {
      const back = returnFocusRef.current;
      returnFocusRef.current = null;
      (back?.isConnected ? back : region).focus();
    }
    dismissToast(id);
  };

  // F8 from anywhere moves focus into the region; Escape from inside it closes the open toast.
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    const region = regionRef.current;
    if (!region) return;
    if (event.code === HOTKEY || event.key === HOTKEY) {
      if (!region.contains(document.activeElement) && document.activeElement instanceof HTMLElement)
        returnFocusRef.current = document.activeElement;
      region.focus();
      return;
    }
    // One toast at a time (hooks/use-toast): the open one closes.
    const closing = toasts.find((item) => item.open);
    if (event.key !== 'Escape' || !closing || !region.contains(document.activeElement)) return;
    event.preventDefault();
    close(closing.id);
  });
  useEffect(() => {
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(() => {
    if (!announcement) return;
    const timer = window.setTimeout(() => setAnnouncement(null), ANNOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [announcement]);

  return (
    <>
      <section
        ref={regionRef}
        aria-label={t('toast.viewportLabel').replace('{hotkey}', HOTKEY)}
        tabIndex={-1}
        className={cn(
          // Phones: top of the screen, clear of the bottom tab bar and of the update prompt above it. Larger
          // screens: bottom right. Only the toasts take pointer events, not the empty strip around them.
          'pointer-events-none fixed inset-x-0 top-0 z-[100] max-h-dvh p-4 pt-[max(1rem,env(safe-area-inset-top))] outline-none',
          'sm:bottom-0 sm:left-auto sm:right-0 sm:top-auto sm:w-[24rem]',
        )}
      >
        <ol className="flex flex-col gap-2 sm:flex-col-reverse">
          {toasts.map((record) => (
            <ToastItem
              key={record.id}
              record={record}
              paused={paused}
              onClose={() => close(record.id)}
              onShown={(text) =>
                setAnnouncement({
                  id: record.id,
                  text: `${t('toast.regionLabel')}: ${text}`,
                  assertive: isAssertive(record.variant),
                })
              }
              closeLabel={t('toast.close')}
            />
          ))}
        </ol>
      </section>
      {[false, true].map((assertive) => (
        <div
          key={String(assertive)}
          aria-live={assertive ? 'assertive' : 'polite'}
          aria-atomic="true"
          className="sr-only"
        >
          {announcement?.assertive === assertive ? (
            <span key={announcement.id}>{announcement.text}</span>
          ) : null}
        </div>
      ))}
    </>
  );
}

interface ToastItemProps {
  record: ToastRecord;
  paused: boolean;
  onClose: () => void;
  /** Called once the toast is on screen, with its text, to announce it. */
  onShown: (text: string) => void;
  closeLabel: string;
}

function ToastItem({ record, paused, onClose, onShown, closeLabel }: ToastItemProps) {
  const { title, description, variant = 'default', open } = record;
  const ref = useRef<HTMLLIElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const present = usePresence(open, ref);
  const [swipe, setSwipe] = useState<'move' | 'end' | null>(null);
  const swipeRef = useRef<{ x: number; y: number; moving: boolean } | null>(null);
  const announce = useEffectEvent(() => {
    // Title and description as two sentences, not run together as the DOM's textContent would.
    const parts = Array.from(contentRef.current?.children ?? [], (part) => part.textContent?.trim());
    const text = parts.filter(Boolean).join(' ');
    if (text) onShown(text);
  });
  // Announced when it opens and when its text changes (`update`), not on every render.
  useEffect(() => {
    if (open) announce();
  }, [open, title, description]);

  useAutoClose(open && !paused && swipe === null, record.duration ?? LIMITS.toastDurationMs, onClose);

  if (!present) return null;

  const onPointerDown = (event: PointerEvent<HTMLLIElement>) => {
    if (event.button === 0) swipeRef.current = { x: event.clientX, y: event.clientY, moving: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
    const start = swipeRef.current;
    if (!start) return;
    const x = event.clientX - start.x;
    const buffer = event.pointerType === 'touch' ? SWIPE_START_PX.touch : SWIPE_START_PX.other;
    if (!start.moving) {
      // Only a move to the right is a swipe; any other move first lets the press be a tap or a scroll.
      if (x > buffer) {
        start.moving = true;
        event.currentTarget.setPointerCapture?.(event.pointerId);
        setSwipe('move');
      } else if (Math.abs(x) > buffer || Math.abs(event.clientY - start.y) > buffer) swipeRef.current = null;
    }
    if (start.moving) event.currentTarget.style.setProperty('--toast-swipe-x', `${Math.max(0, x)}px`);
  };
  const onPointerUp = (event: PointerEvent<HTMLLIElement>) => {
    const start = swipeRef.current;
    swipeRef.current = null;
    if (!start?.moving) return;
    // A swipe is not a click on the close button it may have started on.
    event.currentTarget.addEventListener('click', (click) => click.preventDefault(), { once: true });
    if (event.clientX - start.x >= LIMITS.toastSwipeThresholdPx) {
      setSwipe('end');
      onClose();
    } else {
      event.currentTarget.style.removeProperty('--toast-swipe-x');
      setSwipe(null);
    }
  };

  return (
    <li
      ref={ref}
      // A plain list item (a role of its own would break the list, axe `list`): the live regions above announce
      // it, once.
      aria-hidden={open ? undefined : true}
      data-state={open ? 'open' : 'closed'}
      data-swipe={swipe ?? undefined}
      data-variant={variant}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      className={cn(
        'group pointer-events-auto relative flex w-full touch-pan-y select-none items-start justify-between gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        'data-[state=open]:animate-toast-in data-[state=closed]:pointer-events-none data-[state=closed]:animate-toast-out',
        'data-[swipe=move]:translate-x-[var(--toast-swipe-x)] data-[swipe=end]:animate-toast-swipe-out',
        variantClasses[variant],
      )}
    >
      <div ref={contentRef} className="grid min-w-0 gap-1 wrap-anywhere">
        {title ? <div className="text-sm font-semibold">{title}</div> : null}
        {description ? <div className="text-sm">{description}</div> : null}
      </div>
      <button
        type="button"
        aria-label={closeLabel}
        onClick={onClose}
        className={cn(
          'absolute right-2 top-2 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100',
          'focus-visible:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        )}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </li>
  );
}

/**
 * Whether the region's timers wait: while the pointer is over it, focus is in it, or the window is in the
 * background (a toast that closed while nobody looked was never read).
 */
function usePause(regionRef: RefObject<HTMLElement | null>): boolean {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [away, setAway] = useState(false);
  useEffect(() => {
    const region = regionRef.current;
    if (!region) return;
    const onPointer = (event: Event) => setHovered(event.type !== 'pointerleave');
    const onFocusOut = (event: FocusEvent) => setFocused(region.contains(event.relatedTarget as Node | null));
    const onWindow = (event: Event) => setAway(event.type === 'blur');
    const listeners: [EventTarget, string, (event: never) => void][] = [
      [region, 'pointermove', onPointer],
      [region, 'pointerover', onPointer],
      [region, 'pointerleave', onPointer],
      [region, 'focusin', () => setFocused(true)],
      [region, 'focusout', onFocusOut],
      [window, 'blur', onWindow],
      [window, 'focus', onWindow],
    ];
    for (const [target, type, listener] of listeners)
      target.addEventListener(type, listener as EventListener);
    return () => {
      for (const [target, type, listener] of listeners)
        target.removeEventListener(type, listener as EventListener);
    };
  }, [regionRef]);
  return hovered || focused || away;
}

/** Calls `onTimeout` once `duration` ms have run while `running`; a pause keeps what was left, not the whole. */
function useAutoClose(running: boolean, duration: number, onTimeout: () => void): void {
  const remaining = useRef(duration);
  const timeout = useEffectEvent(onTimeout);
  useEffect(() => {
    if (!running || !Number.isFinite(duration)) return;
    const started = Date.now();
    const timer = window.setTimeout(() => timeout(), Math.max(0, remaining.current));
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [running, duration]);
}

/**
 * Whether a toast is still on screen: while open, and once closed until its exit animation has ended (at once
 * when there is none, as in tests). The store keeps a closed toast for 1 s; the animation takes 150 ms.
 */
function usePresence(open: boolean, ref: RefObject<HTMLElement | null>): boolean {
  const [gone, setGone] = useState(false);
  useLayoutEffect(() => {
    const node = ref.current;
    if (open || !node) return;
    const animation = getComputedStyle(node).animationName;
    if (!animation || animation === 'none') {
      setGone(true);
      return;
    }
    const done = (event: AnimationEvent) => {
      if (event.target === node) setGone(true);
    };
    node.addEventListener('animationend', done);
    return () => node.removeEventListener('animationend', done);
  }, [open, ref]);
  return open || !gone;
}
