import {
  EXCHANGE_LIMITS,
  isOpenExchangeStatus,
  type ExchangeAction,
  type ExchangeStatus,
} from '@nomadswap/contracts/exchanges';
import { MSG } from '@nomadswap/contracts/messages';

/**
 * The swap lifecycle (issue 20) as one transition table, Sharetribe's `process.edn` in TypeScript: for each
 * action, the state it leaves, who may take it, the state it reaches and the condition it needs. Every route,
 * socket handler and timer that moves an exchange asks {@link decide}; the matrix test reads {@link TRANSITIONS}
 * so that a row added here without expectations fails.
 */

export type ExchangeRole = 'requester' | 'owner';
export type ActorKind = ExchangeRole | 'system';

/** What the process needs to know of an exchange (ids as hex strings). */
export interface ProcessState {
  status: ExchangeStatus;
  requesterId: string;
  ownerId: string;
  confirmedBy: readonly string[];
  firstConfirmedAt: Date | null;
  createdAt: Date;
  endReason: string | null;
  meetup: { at: Date; proposedBy: string; agreed: boolean } | null;
}

export type Actor = { kind: 'system' } | { kind: ExchangeRole; userId: string };

export interface Refusal {
  status: 403 | 409;
  code: string;
  message: string;
}

interface Transition {
  action: ExchangeAction;
  from: ExchangeStatus;
  by: readonly ActorKind[];
  /** The state reached (a function where it depends on the exchange, e.g. the second confirmation completes). */
  to: ExchangeStatus | ((state: ProcessState, actor: Actor) => ExchangeStatus);
  /** A refusal when the exchange is in `from` but the condition does not hold. */
  unless?: (state: ProcessState, actor: Actor, now: Date) => Refusal | null;
}

const PARTIES = ['requester', 'owner'] as const;
const conflict = (message: string, code = 'EXCHANGE_STATE'): Refusal => ({ status: 409, code, message });

/** The party who confirmed a proposal before the other agreed (the chat's Complete Swap with nothing accepted). */
function preConfirmer(state: ProcessState): string | null {
  return state.status === 'proposed' && state.confirmedBy.length > 0 ? state.confirmedBy[0]! : null;
}

function actorId(actor: Actor): string | null {
  return actor.kind === 'system' ? null : actor.userId;
}

const needsOthersPreConfirmation = (state: ProcessState, actor: Actor): Refusal | null => {
  const by = preConfirmer(state);
  return by !== null && by !== actorId(actor) ? null : conflict(MSG.exchangeNotAcceptedYet);
};

export const TRANSITIONS: readonly Transition[] = [
  {
    action: 'accept',
    from: 'proposed',
    by: ['owner'],
    to: 'accepted',
    // A proposal the owner confirmed themself waits for the requester, not for the owner's accept.
    unless: (state, actor) =>
      preConfirmer(state) === actorId(actor) ? conflict(MSG.exchangeWrongState) : null,
  },
  // The system declines the other requests for an item once it has been swapped.
  { action: 'decline', from: 'proposed', by: ['owner', 'system'], to: 'declined' },
  { action: 'withdraw', from: 'proposed', by: ['requester'], to: 'withdrawn' },
  { action: 'cancel', from: 'accepted', by: PARTIES, to: 'cancelled' },
  { action: 'propose_meetup', from: 'accepted', by: PARTIES, to: 'accepted' },
  {
    action: 'accept_meetup',
    from: 'accepted',
    by: PARTIES,
    to: 'accepted',
    unless: (state, actor) => {
      if (!state.meetup) return conflict(MSG.exchangeNoMeetup);
      if (state.meetup.proposedBy === actorId(actor)) return conflict(MSG.exchangeMeetupOwn);
      return null;
    },
  },
  {
    action: 'confirm',
    from: 'accepted',
    by: PARTIES,
    to: (state, actor) =>
      new Set([...state.confirmedBy, actorId(actor)]).size >= 2 ? 'completed' : 'accepted',
  },
  // The chat's Complete Swap by one side: the other's confirmation accepts and completes it in one step.
  { action: 'confirm', from: 'proposed', by: PARTIES, to: 'completed', unless: needsOthersPreConfirmation },
  { action: 'dispute', from: 'accepted', by: PARTIES, to: 'cancelled' },
  { action: 'dispute', from: 'proposed', by: PARTIES, to: 'declined', unless: needsOthersPreConfirmation },
  {
    action: 'no_show',
    from: 'accepted',
    by: PARTIES,
    to: 'no_show',
    unless: (state, _actor, now) => {
      if (!state.meetup?.agreed) return conflict(MSG.exchangeMeetupNotAgreed);
      if (now.getTime() < state.meetup.at.getTime()) return conflict(MSG.exchangeMeetupNotPassed);
      return null;
    },
  },
  {
    action: 'expire',
    from: 'proposed',
    by: ['system'],
    to: 'expired',
    unless: (state, _actor, now) =>
      now.getTime() - state.createdAt.getTime() < EXCHANGE_LIMITS.proposalExpiresMs
        ? conflict(MSG.exchangeWrongState, 'NOT_DUE')
        : null,
  },
  {
    action: 'auto_complete',
    from: 'accepted',
    by: ['system'],
    to: 'completed',
    unless: (state, _actor, now) =>
      state.confirmedBy.length !== 1 ||
      !state.firstConfirmedAt ||
      now.getTime() - state.firstConfirmedAt.getTime() < EXCHANGE_LIMITS.confirmWindowMs
        ? conflict(MSG.exchangeWrongState, 'NOT_DUE')
        : null,
  },
  { action: 'end_by_block', from: 'proposed', by: ['system'], to: 'cancelled' },
  { action: 'end_by_block', from: 'accepted', by: ['system'], to: 'cancelled' },
];

/** Whether `action` by `actor` has already happened: a retry answers the exchange as it is (idempotency). */
function alreadyDone(state: ProcessState, action: ExchangeAction, actor: Actor): boolean {
  const me = actorId(actor);
  switch (action) {
    case 'accept':
      return state.status === 'accepted';
    case 'decline':
      return state.status === 'declined' && state.endReason !== 'did_not_happen';
    case 'withdraw':
      return state.status === 'withdrawn';
    case 'cancel':
      return state.status === 'cancelled' && state.endReason !== 'did_not_happen';
    case 'dispute':
      return state.endReason === 'did_not_happen';
    case 'confirm':
      return me !== null && state.confirmedBy.includes(me) && state.status !== 'expired';
    case 'accept_meetup':
      return state.status === 'accepted' && !!state.meetup?.agreed && state.meetup.proposedBy !== me;
    case 'no_show':
      return state.status === 'no_show';
    case 'expire':
      return state.status === 'expired';
    case 'auto_complete':
      return state.status === 'completed';
    case 'end_by_block':
      return !isOpenExchangeStatus(state.status);
    // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, an unmatched case returns undefined, as falsy as this false
    case 'propose_meetup':
      return false;
  }
}

export type Decision =
  { kind: 'noop' } | { kind: 'move'; from: ExchangeStatus; to: ExchangeStatus } | Refusal;

export function isRefusal(decision: Decision): decision is Refusal {
  return 'code' in decision;
}

function roleRefusal(rows: readonly Transition[]): Refusal {
  const roles = new Set(rows.flatMap((row) => row.by));
  if (roles.has('owner') && !roles.has('requester')) {
    return { status: 403, code: 'EXCHANGE_OWNER_ONLY', message: MSG.exchangeOwnerOnly };
  }
  if (roles.has('requester') && !roles.has('owner')) {
    return { status: 403, code: 'EXCHANGE_REQUESTER_ONLY', message: MSG.exchangeRequesterOnly };
  }
  return { status: 403, code: 'EXCHANGE_PARTIES_ONLY', message: MSG.exchangePartiesOnly };
}

/** What `action` by `actor` does to an exchange in `state` at `now`: nothing (already done), a move, or a refusal. */
export function decide(state: ProcessState, action: ExchangeAction, actor: Actor, now: Date): Decision {
  const rows = TRANSITIONS.filter((row) => row.action === action);
  const mine = rows.filter((row) => row.by.includes(actor.kind));
  if (mine.length === 0) return roleRefusal(rows);
  if (alreadyDone(state, action, actor)) return { kind: 'noop' };
  const row = mine.find((candidate) => candidate.from === state.status);
  if (!row) {
    if (!isOpenExchangeStatus(state.status)) return conflict(MSG.exchangeEnded);
    if (state.status === 'proposed') return conflict(MSG.exchangeNotAcceptedYet);
    return conflict(MSG.exchangeWrongState);
  }
  const refusal = row.unless?.(state, actor, now);
  if (refusal) return refusal;
  const to = typeof row.to === 'function' ? row.to(state, actor) : row.to;
  return { kind: 'move', from: state.status, to };
}

/** The role of `userId` in the exchange, or null for anyone else. */
export function roleOf(
  state: Pick<ProcessState, 'requesterId' | 'ownerId'>,
  userId: string,
): ExchangeRole | null {
  if (userId === state.requesterId) return 'requester';
  if (userId === state.ownerId) return 'owner';
  return null;
}
