import { describe, expect, it } from 'vitest';
import { buildExchange } from '../../../testing/api-mock';
import { exchangeSteps, nextStep, openExchange } from './exchange-steps';

const lena = '65f1a2b3c4d5e6f708192a3b';
const marco = '65f1a2b3c4d5e6f708192a77';
const now = new Date('2026-06-10T12:00:00.000Z');
const meetup = (at: string, agreed: boolean, proposedBy = marco) => ({
  at,
  place: 'Rossio',
  note: null,
  proposedBy,
  proposedAt: '2026-06-09T10:00:00.000Z',
  agreed,
});
const base = { createdAt: '2026-06-09T08:00:00.000Z' };
const accepted = { ...base, status: 'accepted' as const, acceptedAt: '2026-06-09T09:00:00.000Z' };

describe('exchangeSteps', () => {
  it('a pre-confirmed proposal that was confirmed shows no separate reservation step', () => {
    const done = buildExchange({
      ...base,
      status: 'completed',
      acceptedAt: '2026-06-09T09:00:00.000Z',
      completedAt: '2026-06-09T09:00:00.000Z',
    });
    expect(exchangeSteps(done, now).map((s) => s.kind)).toEqual(['request', 'completed']);
  });

  it('"Did the swap happen?" follows the agreed meetup once its time has passed', () => {
    const passed = buildExchange({ ...accepted, meetup: meetup('2026-06-10T11:00:00.000Z', true) });
    const steps = exchangeSteps(passed, now);
    expect(steps.map((s) => s.kind)).toEqual(['request', 'accepted', 'meetup', 'confirm']);
    expect(steps.at(-1)?.at).toBe('2026-06-10T11:00:00.000Z');
  });

  it('an ended exchange ends with its ending', () => {
    const ended = buildExchange({ ...accepted, status: 'cancelled', endedAt: '2026-06-09T12:00:00.000Z' });
    expect(exchangeSteps(ended, now).map((s) => s.kind)).toEqual(['request', 'accepted', 'ended']);
  });
});

describe('nextStep', () => {
  const cases = [
    { state: 'proposed, owner', exchange: buildExchange(base), viewer: lena, next: 'answerRequest' },
    { state: 'proposed, requester', exchange: buildExchange(base), viewer: marco, next: 'waitingAnswer' },
    {
      state: 'pre-confirmed by the other',
      exchange: buildExchange({ ...base, confirmedBy: [marco] }),
      viewer: lena,
      next: 'confirmTheirs',
    },
    { state: 'accepted, no meetup', exchange: buildExchange(accepted), viewer: lena, next: 'proposeMeetup' },
    {
      state: "the other's meetup",
      exchange: buildExchange({ ...accepted, meetup: meetup('2026-06-11T10:00:00.000Z', false) }),
      viewer: lena,
      next: 'acceptMeetup',
    },
    {
      state: 'my meetup',
      exchange: buildExchange({ ...accepted, meetup: meetup('2026-06-11T10:00:00.000Z', false) }),
      viewer: marco,
      next: 'waitingMeetup',
    },
    {
      state: 'agreed, ahead',
      exchange: buildExchange({ ...accepted, meetup: meetup('2026-06-11T10:00:00.000Z', true) }),
      viewer: lena,
      next: 'meet',
    },
    {
      state: 'agreed, passed',
      exchange: buildExchange({ ...accepted, meetup: meetup('2026-06-10T10:00:00.000Z', true) }),
      viewer: lena,
      next: 'confirmSwap',
    },
    {
      state: 'I confirmed',
      exchange: buildExchange({ ...accepted, confirmedBy: [lena] }),
      viewer: lena,
      next: 'waitingConfirm',
    },
    {
      state: 'expired',
      exchange: buildExchange({ ...base, status: 'expired' }),
      viewer: lena,
      next: 'ended',
    },
  ] as const;
  it.each(cases)('$state → $next', ({ exchange, viewer, next }) => {
    expect(nextStep(exchange, viewer, now)).toBe(next);
  });
});

describe('openExchange', () => {
  it('is the newest that can still move', () => {
    const list = [
      buildExchange({ id: 'a', status: 'declined' }),
      buildExchange({ id: 'b', status: 'accepted' }),
      buildExchange({ id: 'c', status: 'proposed' }),
    ];
    expect(openExchange(list)?.id).toBe('b');
  });
});
