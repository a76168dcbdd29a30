import type { ExchangeView } from '@nomadswap/contracts/messaging-responses';

/*
 * What the viewer sees of an exchange, derived from its state alone (the server keeps no history of steps): the
 * steps it went through, each with the time it happened (the chat merges them with the messages by time), and what
 * the viewer can do next. Pure, so the rules are tested without rendering.
 */

export type ExchangeRole = 'requester' | 'owner';

/** The viewer's side of the exchange; null for someone else (an admin reading it). */
export function roleOf(exchange: ExchangeView, viewerId: string): ExchangeRole | null {
  if (exchange.requesterId === viewerId) return 'requester';
  if (exchange.ownerId === viewerId) return 'owner';
  return null;
}

/** The other party's id, seen from a participant. */
export function otherPartyId(exchange: ExchangeView, viewerId: string): string {
  return exchange.requesterId === viewerId ? exchange.ownerId : exchange.requesterId;
}

/** The other party's name as the chat knows it. */
export function otherPartyName(exchange: ExchangeView, viewerId: string, fallback: string): string {
  const other = exchange.requesterId === viewerId ? exchange.owner : exchange.requester;
  return other?.fullName ?? fallback;
}

/**
 * Complete Swap without an accepted exchange starts one already confirmed by the caller (`proposed` with a
 * confirmation): the other person confirms it (accepted and completed at once) or says it did not happen.
 */
export function isPreConfirmed(exchange: ExchangeView): boolean {
  return exchange.status === 'proposed' && exchange.confirmedBy.length > 0;
}

/** Started by Complete Swap rather than asked for (a confirmation before any acceptance), whatever came of it. */
export function startedAsConfirmation(exchange: ExchangeView): boolean {
  return exchange.confirmedBy.length > 0 && exchange.acceptedAt === null;
}

export type StepKind = 'request' | 'accepted' | 'meetup' | 'confirm' | 'completed' | 'ended';

export interface ExchangeStep {
  kind: StepKind;
  /** When it happened (ISO): its place in the conversation's timeline. */
  at: string;
  exchange: ExchangeView;
}

function later(a: string, b: string): string {
  return a > b ? a : b;
}

/** The steps an exchange has been through, oldest first. */
export function exchangeSteps(exchange: ExchangeView, now: Date = new Date()): ExchangeStep[] {
  const steps: ExchangeStep[] = [{ kind: 'request', at: exchange.createdAt, exchange }];
  // A pre-confirmed proposal the other confirmed is accepted and completed in one step: no separate card.
  if (exchange.acceptedAt && exchange.acceptedAt !== exchange.completedAt) {
    steps.push({ kind: 'accepted', at: exchange.acceptedAt, exchange });
  }
  if (exchange.meetup) steps.push({ kind: 'meetup', at: exchange.meetup.proposedAt, exchange });
  if (exchange.status === 'accepted' || isPreConfirmed(exchange)) {
    // "Did the swap happen?" follows the last step, or the agreed meetup once its time has passed.
    let at = steps.reduce((latest, step) => later(latest, step.at), exchange.createdAt);
    const meetupAt = exchange.meetup?.agreed ? exchange.meetup.at : null;
    if (meetupAt && new Date(meetupAt) <= now) at = later(at, meetupAt);
    steps.push({ kind: 'confirm', at, exchange });
  }
  if (exchange.status === 'completed' && exchange.completedAt) {
    steps.push({ kind: 'completed', at: exchange.completedAt, exchange });
  } else if (exchange.endedAt && exchange.status !== 'completed') {
    steps.push({ kind: 'ended', at: exchange.endedAt, exchange });
  }
  return steps;
}

/** The agreed meetup's time has passed: "They didn't show up" becomes possible. */
export function meetupPassed(exchange: ExchangeView, now: Date = new Date()): boolean {
  return exchange.meetup?.agreed === true && new Date(exchange.meetup.at) <= now;
}

/**
 * What the viewer should do next (or is waiting for), as a catalogue key under `exchanges.next`: the Swaps tab
 * shows it for each exchange, the chat header for the open one.
 */
export type NextStep =
  | 'answerRequest'
  | 'waitingAnswer'
  | 'confirmTheirs'
  | 'waitingConfirm'
  | 'proposeMeetup'
  | 'acceptMeetup'
  | 'waitingMeetup'
  | 'meet'
  | 'confirmSwap'
  | 'completed'
  | 'ended';

export function nextStep(exchange: ExchangeView, viewerId: string, now: Date = new Date()): NextStep {
  const confirmed = exchange.confirmedBy.includes(viewerId);
  switch (exchange.status) {
    case 'proposed':
      if (isPreConfirmed(exchange)) return confirmed ? 'waitingConfirm' : 'confirmTheirs';
      return roleOf(exchange, viewerId) === 'owner' ? 'answerRequest' : 'waitingAnswer';
    case 'accepted': {
      if (confirmed) return 'waitingConfirm';
      const meetup = exchange.meetup;
      if (!meetup) return 'proposeMeetup';
      if (!meetup.agreed) return meetup.proposedBy === viewerId ? 'waitingMeetup' : 'acceptMeetup';
      return new Date(meetup.at) <= now ? 'confirmSwap' : 'meet';
    }
    case 'completed':
      return 'completed';
    default:
      return 'ended';
  }
}

/** The newest exchange that can still move, if any: the chat header shows its state. */
export function openExchange(exchanges: readonly ExchangeView[]): ExchangeView | undefined {
  return exchanges.find((e) => e.status === 'proposed' || e.status === 'accepted');
}
