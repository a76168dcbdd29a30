import { useSyncExternalStore } from 'react';

/** Chromium's install prompt event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/*
 * One store for the whole page: the event comes once, and every place that offers the install (the
 * banner, the footer's Mobile App link and section) must share it, since it can be used only once.
 */
interface InstallState {
  promptEvent: BeforeInstallPromptEvent | null;
  installed: boolean;
}

let state: InstallState | null = null;
const listeners = new Set<() => void>();

function setState(patch: Partial<InstallState>): void {
  state = { ...getState(), ...patch };
  for (const listener of listeners) listener();
}

function getState(): InstallState {
  state ??= { promptEvent: null, installed: isStandalone() };
  return state;
}

function onPrompt(event: Event): void {
  // Keep the browser's mini-infobar away; the app offers its own buttons.
  event.preventDefault();
  setState({ promptEvent: event as BeforeInstallPromptEvent });
}

function onInstalled(): void {
  setState({ installed: true, promptEvent: null });
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    }
  };
}

async function install(): Promise<void> {
  const { promptEvent } = getState();
  if (!promptEvent) return;
  await promptEvent.prompt();
  const choice = await promptEvent.userChoice;
  // The event can only be used once, whatever the traveller chose.
  setState({ promptEvent: null, ...(choice.outcome === 'accepted' ? { installed: true } : {}) });
}

/** On the server (src/early/entry-server.tsx): a browser tab that has not been offered the install yet. */
const SERVER_STATE: InstallState = { promptEvent: null, installed: false };
const getServerState = () => SERVER_STATE;

/**
 * Whether the browser offers to install the PWA right now (Chromium: `beforeinstallprompt`), a function to
 * show its install dialog, and whether the app already runs installed.
 */
export function useInstallPrompt() {
  const current = useSyncExternalStore(subscribe, getState, getServerState);
  return { canInstall: current.promptEvent !== null, install, installed: current.installed };
}

/** Forgets the captured event and the installed state (unit tests start each case from a fresh page). */
export function resetInstallPrompt(): void {
  state = null;
}
