import { useSyncExternalStore, type ReactNode } from 'react';

export type ToastVariant = 'default' | 'destructive' | 'success' | 'warning';

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; defaults to the toaster's 5000 ms. */
  duration?: number;
}

export interface ToastRecord extends ToastOptions {
  id: string;
  open: boolean;
}

/** Spec section 4: at most one toast is shown; a new one replaces the older. */
const TOAST_LIMIT = 1;
/**
 * A dismissed toast stays in state just long enough for its exit animation. (The source system kept it for
 * 1,000,000 ms; with a limit of one the difference is invisible, and this keeps no timers lingering.)
 */
const REMOVE_DELAY_MS = 1000;

let toasts: ToastRecord[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: ToastRecord[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      setToasts(toasts.filter((item) => item.id !== id));
    }, REMOVE_DELAY_MS),
  );
}

/** Closes one toast, or all of them when no id is given. */
export function dismissToast(id?: string): void {
  const closing = toasts.filter((item) => (id === undefined || item.id === id) && item.open);
  if (closing.length === 0) return;
  for (const item of closing) scheduleRemoval(item.id);
  setToasts(toasts.map((item) => (closing.includes(item) ? { ...item, open: false } : item)));
}

/**
 * Shows a notification from anywhere (components, mutation callbacks, plain modules).
 * Returns handles to update or dismiss that very toast.
 */
export function toast(options: ToastOptions) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  setToasts([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: ToastOptions) =>
      setToasts(toasts.map((item) => (item.id === id ? { ...item, ...next } : item))),
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => toasts;

/** The current toasts plus the `toast` and `dismiss` functions, for components. */
export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current, toast, dismiss: dismissToast };
}
