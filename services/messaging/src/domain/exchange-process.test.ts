import { describe, expect, it } from 'vitest';
import { EXCHANGE_STATUSES, type ExchangeAction, type ExchangeStatus } from '@nomadswap/contracts/exchanges';
import { MSG } from '@nomadswap/contracts/messages';
import { decide, isRefusal, roleOf, type Actor, type Decision, type ProcessState } from './exchange-process';

/**
 * The transition table and `decide()` without stores (issue 21: each mutant of the process is judged in
 * milliseconds; routes/exchanges/matrix.test.ts checks the same rules through the running app). Expectations are
 * written out by hand, never read from TRANSITIONS; durations are in plain milliseconds.
 */
const R = 'a'.repeat(24);
const O = 'b'.repeat(24);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CREATED = new Date('2030-01-01T10:00:00Z');
const NOW = new Date(CREATED.getTime() + HOUR);

const requester: Actor = { kind: 'requester', userId: R };
const owner: Actor = { kind: 'owner', userId: O };
const system: Actor = { kind: 'system' };

function state(status: ExchangeStatus, overrides: Partial<ProcessState> = {}): ProcessState {
  return {
    status,
    requesterId: R,
    ownerId: O,
    confirmedBy: [],
    firstConfirmedAt: null,
    createdAt: CREATED,
    endReason: null,
    meetup: null,
    ...overrides,
  };
}

/** A decision as one comparable line: `noop`, `→ to`, or `status code: message`. */
function outcome(decision: Decision, from?: ExchangeStatus): string {
  if (isRefusal(decision)) return `${decision.status} ${decision.code}: ${decision.message}`;
  if (decision.kind === 'noop') return 'noop';
  expect(decision.kind).toBe('move');
  expect(decision.from).toBe(from);
  return `→ ${decision.to}`;
}

const act = (s: ProcessState, action: ExchangeAction, actor: Actor, now = NOW) =>
  outcome(decide(s, action, actor, now), s.status);

const ENDED = `409 EXCHANGE_STATE: ${MSG.exchangeEnded}`;
const NOT_ACCEPTED = `409 EXCHANGE_STATE: ${MSG.exchangeNotAcceptedYet}`;
const WRONG_STATE = `409 EXCHANGE_STATE: ${MSG.exchangeWrongState}`;
const NOT_DUE = `409 NOT_DUE: ${MSG.exchangeWrongState}`;
const NO_MEETUP = `409 EXCHANGE_STATE: ${MSG.exchangeNoMeetup}`;
const MEETUP_OWN = `409 EXCHANGE_STATE: ${MSG.exchangeMeetupOwn}`;
const MEETUP_NOT_AGREED = `409 EXCHANGE_STATE: ${MSG.exchangeMeetupNotAgreed}`;
const MEETUP_NOT_PASSED = `409 EXCHANGE_STATE: ${MSG.exchangeMeetupNotPassed}`;
const OWNER_ONLY = `403 EXCHANGE_OWNER_ONLY: ${MSG.exchangeOwnerOnly}`;
const REQUESTER_ONLY = `403 EXCHANGE_REQUESTER_ONLY: ${MSG.exchangeRequesterOnly}`;
const PARTIES_ONLY = `403 EXCHANGE_PARTIES_ONLY: ${MSG.exchangePartiesOnly}`;

/** Every state ended without a swap, and completed: what an action outside its states answers there. */
const ended = (cell: string, overrides: Partial<Record<ExchangeStatus, string>>) =>
  ({ ...Object.fromEntries(EXCHANGE_STATUSES.map((s) => [s, cell])), ...overrides }) as Record<
    ExchangeStatus,
    string
  >;

/**
 * Each action by one actor allowed to take it, from each state as a fresh exchange in it (an hour old, nothing
 * confirmed, no meetup, no end reason).
 */
const MATRIX: Record<ExchangeAction, { actor: Actor; expected: Record<ExchangeStatus, string> }> = {
  accept: { actor: owner, expected: ended(ENDED, { proposed: '→ accepted', accepted: 'noop' }) },
  decline: {
    actor: owner,
    expected: ended(ENDED, { proposed: '→ declined', accepted: WRONG_STATE, declined: 'noop' }),
  },
  withdraw: {
    actor: requester,
    expected: ended(ENDED, { proposed: '→ withdrawn', accepted: WRONG_STATE, withdrawn: 'noop' }),
  },
  cancel: {
    actor: requester,
    expected: ended(ENDED, { proposed: NOT_ACCEPTED, accepted: '→ cancelled', cancelled: 'noop' }),
  },
  propose_meetup: {
    actor: requester,
    expected: ended(ENDED, { proposed: NOT_ACCEPTED, accepted: '→ accepted' }),
  },
  accept_meetup: {
    actor: requester,
    expected: ended(ENDED, { proposed: NOT_ACCEPTED, accepted: NO_MEETUP }),
  },
  confirm: { actor: requester, expected: ended(ENDED, { proposed: NOT_ACCEPTED, accepted: '→ accepted' }) },
  dispute: { actor: owner, expected: ended(ENDED, { proposed: NOT_ACCEPTED, accepted: '→ cancelled' }) },
  no_show: {
    actor: owner,
    expected: ended(ENDED, { proposed: NOT_ACCEPTED, accepted: MEETUP_NOT_AGREED, no_show: 'noop' }),
  },
  expire: {
    actor: system,
    expected: ended(ENDED, { proposed: NOT_DUE, accepted: WRONG_STATE, expired: 'noop' }),
  },
  auto_complete: {
    actor: system,
    expected: ended(ENDED, { proposed: NOT_ACCEPTED, accepted: NOT_DUE, completed: 'noop' }),
  },
  end_by_block: {
    actor: system,
    expected: ended('noop', { proposed: '→ cancelled', accepted: '→ cancelled' }),
  },
};

describe('every action from every state, by an actor allowed to take it', () => {
  it.each(Object.keys(MATRIX) as ExchangeAction[])('%s', (action) => {
    const { actor, expected } = MATRIX[action];
    const got = Object.fromEntries(EXCHANGE_STATUSES.map((s) => [s, act(state(s), action, actor)]));
    expect(got).toEqual(expected);
  });
});

describe('who may take each action (checked before anything else, even a retry)', () => {
  const ROLES: Record<ExchangeAction, Record<'requester' | 'owner' | 'system', string>> = {
    accept: { requester: OWNER_ONLY, owner: '→ accepted', system: OWNER_ONLY },
    decline: { requester: OWNER_ONLY, owner: '→ declined', system: '→ declined' },
    withdraw: { requester: '→ withdrawn', owner: REQUESTER_ONLY, system: REQUESTER_ONLY },
    cancel: { requester: NOT_ACCEPTED, owner: NOT_ACCEPTED, system: PARTIES_ONLY },
    propose_meetup: { requester: NOT_ACCEPTED, owner: NOT_ACCEPTED, system: PARTIES_ONLY },
    accept_meetup: { requester: NOT_ACCEPTED, owner: NOT_ACCEPTED, system: PARTIES_ONLY },
    confirm: { requester: NOT_ACCEPTED, owner: NOT_ACCEPTED, system: PARTIES_ONLY },
    dispute: { requester: NOT_ACCEPTED, owner: NOT_ACCEPTED, system: PARTIES_ONLY },
    no_show: { requester: NOT_ACCEPTED, owner: NOT_ACCEPTED, system: PARTIES_ONLY },
    expire: { requester: PARTIES_ONLY, owner: PARTIES_ONLY, system: NOT_DUE },
    auto_complete: { requester: PARTIES_ONLY, owner: PARTIES_ONLY, system: NOT_ACCEPTED },
    end_by_block: { requester: PARTIES_ONLY, owner: PARTIES_ONLY, system: '→ cancelled' },
  };

  it.each(Object.keys(ROLES) as ExchangeAction[])('%s, on a proposal', (action) => {
    const s = state('proposed');
    expect({
      requester: act(s, action, requester),
      owner: act(s, action, owner),
      system: act(s, action, system),
    }).toEqual(ROLES[action]);
  });

  it('a retry by the wrong party is still refused for the role, not answered as done', () => {
    expect(act(state('accepted'), 'accept', requester)).toBe(OWNER_ONLY);
    expect(act(state('withdrawn'), 'withdraw', owner)).toBe(REQUESTER_ONLY);
    expect(act(state('expired'), 'expire', owner)).toBe(PARTIES_ONLY);
  });
});

describe('accept', () => {
  it('a proposal the requester confirmed first (Complete Swap) can be accepted by the owner', () => {
    expect(act(state('proposed', { confirmedBy: [R] }), 'accept', owner)).toBe('→ accepted');
  });

  it('a proposal the owner confirmed themself waits for the requester, not for the owner’s accept', () => {
    expect(act(state('proposed', { confirmedBy: [O] }), 'accept', owner)).toBe(WRONG_STATE);
  });
});

describe('confirm', () => {
  it('the first confirmation keeps it accepted, the second completes it', () => {
    expect(act(state('accepted'), 'confirm', owner)).toBe('→ accepted');
    expect(act(state('accepted', { confirmedBy: [R] }), 'confirm', owner)).toBe('→ completed');
    expect(act(state('accepted', { confirmedBy: [O] }), 'confirm', requester)).toBe('→ completed');
  });

  it('confirming again is a retry, in any state but expired', () => {
    expect(act(state('accepted', { confirmedBy: [R] }), 'confirm', requester)).toBe('noop');
    expect(act(state('completed', { confirmedBy: [R, O] }), 'confirm', owner)).toBe('noop');
    expect(act(state('proposed', { confirmedBy: [O] }), 'confirm', owner)).toBe('noop');
    expect(act(state('expired', { confirmedBy: [R] }), 'confirm', requester)).toBe(ENDED);
  });

  it('on a proposal, the other side’s Complete Swap accepts and completes it in one step', () => {
    expect(act(state('proposed', { confirmedBy: [R] }), 'confirm', owner)).toBe('→ completed');
    expect(act(state('proposed', { confirmedBy: [O] }), 'confirm', requester)).toBe('→ completed');
  });
});

describe('dispute ("it didn’t happen")', () => {
  it('on a proposal, answers the other side’s Complete Swap by declining it; one’s own cannot be disputed', () => {
    expect(act(state('proposed', { confirmedBy: [R] }), 'dispute', owner)).toBe('→ declined');
    expect(act(state('proposed', { confirmedBy: [R] }), 'dispute', requester)).toBe(NOT_ACCEPTED);
  });

  it('once disputed, disputing again is a retry, and neither decline nor cancel counts as done', () => {
    const declined = state('declined', { endReason: 'did_not_happen' });
    const cancelled = state('cancelled', { endReason: 'did_not_happen' });
    expect(act(declined, 'dispute', requester)).toBe('noop');
    expect(act(cancelled, 'dispute', owner)).toBe('noop');
    expect(act(declined, 'decline', owner)).toBe(ENDED);
    expect(act(cancelled, 'cancel', owner)).toBe(ENDED);
    expect(act(state('cancelled', { endReason: 'plans changed' }), 'cancel', owner)).toBe('noop');
  });
});

describe('meetups', () => {
  const meetup = (proposedBy: string, agreed: boolean, at = new Date(NOW.getTime() + DAY)) => ({
    at,
    proposedBy,
    agreed,
  });

  it('the other person accepts a suggested meetup; its author cannot', () => {
    expect(act(state('accepted', { meetup: meetup(O, false) }), 'accept_meetup', requester)).toBe(
      '→ accepted',
    );
    expect(act(state('accepted', { meetup: meetup(O, false) }), 'accept_meetup', owner)).toBe(MEETUP_OWN);
    expect(act(state('accepted', { meetup: meetup(O, true) }), 'accept_meetup', owner)).toBe(MEETUP_OWN);
  });

  it('accepting an agreed meetup again is a retry while the swap is accepted, not once it has ended', () => {
    expect(act(state('accepted', { meetup: meetup(O, true) }), 'accept_meetup', requester)).toBe('noop');
    expect(act(state('completed', { meetup: meetup(O, true) }), 'accept_meetup', requester)).toBe(ENDED);
    expect(act(state('cancelled', { meetup: meetup(O, true) }), 'accept_meetup', requester)).toBe(ENDED);
  });

  it('a meetup can always be proposed again while accepted', () => {
    expect(act(state('accepted', { meetup: meetup(O, true) }), 'propose_meetup', owner)).toBe('→ accepted');
  });

  it('a no-show needs an agreed meetup whose time has come', () => {
    const at = new Date(NOW.getTime() + DAY);
    const agreed = state('accepted', { meetup: meetup(R, true, at) });
    expect(act(state('accepted', { meetup: meetup(R, false, at) }), 'no_show', owner, at)).toBe(
      MEETUP_NOT_AGREED,
    );
    expect(act(agreed, 'no_show', owner, new Date(at.getTime() - 1))).toBe(MEETUP_NOT_PASSED);
    expect(act(agreed, 'no_show', owner, at)).toBe('→ no_show');
    expect(act(agreed, 'no_show', requester, new Date(at.getTime() + 1))).toBe('→ no_show');
  });
});

describe('the system’s timers', () => {
  it('a proposal expires 14 days after it was made, not a millisecond before', () => {
    const s = state('proposed');
    expect(act(s, 'expire', system, new Date(CREATED.getTime() + 14 * DAY - 1))).toBe(NOT_DUE);
    expect(act(s, 'expire', system, new Date(CREATED.getTime() + 14 * DAY))).toBe('→ expired');
  });

  it('one confirmation completes it 72 hours after it was given', () => {
    const first = new Date(CREATED.getTime() + DAY);
    const s = state('accepted', { confirmedBy: [R], firstConfirmedAt: first });
    expect(act(s, 'auto_complete', system, new Date(first.getTime() + 72 * HOUR - 1))).toBe(NOT_DUE);
    expect(act(s, 'auto_complete', system, new Date(first.getTime() + 72 * HOUR))).toBe('→ completed');
  });

  it('without exactly one dated confirmation there is nothing to complete', () => {
    const late = new Date(CREATED.getTime() + 30 * DAY);
    const first = new Date(CREATED.getTime() + DAY);
    expect(act(state('accepted'), 'auto_complete', system, late)).toBe(NOT_DUE);
    expect(act(state('accepted', { confirmedBy: [R] }), 'auto_complete', system, late)).toBe(NOT_DUE);
    expect(
      act(state('accepted', { confirmedBy: [R, O], firstConfirmedAt: first }), 'auto_complete', system, late),
    ).toBe(NOT_DUE);
  });

  it('the system declines a proposal (the item was swapped with someone else)', () => {
    expect(act(state('proposed'), 'decline', system)).toBe('→ declined');
  });
});

describe('refusals and roles', () => {
  it('a refusal is the only decision with a code', () => {
    expect(isRefusal({ kind: 'noop' })).toBe(false);
    expect(isRefusal({ kind: 'move', from: 'proposed', to: 'accepted' })).toBe(false);
    expect(isRefusal(decide(state('completed'), 'cancel', owner, NOW))).toBe(true);
  });

  it('roleOf names the requester and the owner, and nobody else', () => {
    expect(roleOf(state('proposed'), R)).toBe('requester');
    expect(roleOf(state('proposed'), O)).toBe('owner');
    expect(roleOf(state('proposed'), 'c'.repeat(24))).toBeNull();
  });
});
