import { describe, expect, it } from 'vitest';
import { EXCHANGE_LIMITS } from '@nomadswap/contracts/exchanges';
import { formatMomentUtc } from '@nomadswap/service-kit/language';
import { oid } from '../data/ids';
import type { ExchangeRecord } from '../data/exchange';
import { meetupMail, plannedJobs } from './exchange-timers';

/** Which delayed jobs each state of an exchange asks for, and the meetup mails' texts, without stores (issue 21). */
const id = (n: number) => oid(n.toString(16).padStart(24, '0'));
const hex = (n: number) => id(n).toHexString();
const EX = hex(100);
const CREATED = new Date('2030-01-01T10:00:00.000Z');
const CONFIRMED = new Date('2030-01-03T09:00:00.000Z');
const MEET = new Date('2030-01-04T18:30:00.000Z');
const PROPOSED_AT = new Date('2030-01-02T12:00:00.000Z');

const record = (overrides: Partial<ExchangeRecord> = {}): ExchangeRecord => ({
  _id: id(100),
  requesterId: id(1),
  ownerId: id(2),
  itemId: id(10),
  status: 'proposed',
  message: null,
  dedupeKey: 'ex:100',
  createdAt: CREATED,
  completedAt: null,
  ...overrides,
});
const meetup = (agreed: boolean) => ({
  at: MEET,
  place: 'Café Central',
  note: null,
  proposedBy: id(2),
  proposedAt: PROPOSED_AT,
  agreed,
});

describe('plannedJobs', () => {
  it('none for no exchange, nor for an ended or completed one', () => {
    expect(plannedJobs(null)).toEqual([]);
    for (const status of ['completed', 'declined', 'cancelled', 'expired', 'no_show'] as const) {
      expect(plannedJobs(record({ status, confirmedBy: [id(1)], firstConfirmedAt: CONFIRMED }))).toEqual([]);
    }
  });

  it('a proposal: its expiry, exactly 14 days after it was made', () => {
    expect(plannedJobs(record())).toEqual([
      {
        id: `exchange-expire-${EX}`,
        queue: 'timers',
        at: new Date(CREATED.getTime() + EXCHANGE_LIMITS.proposalExpiresMs),
        timer: { exchangeId: EX, action: 'expire' },
      },
    ]);
  });

  it('accepted with one confirmation: the completion 72 h after it, keyed by that confirmation', () => {
    const accepted = record({ status: 'accepted', confirmedBy: [id(1)], firstConfirmedAt: CONFIRMED });
    expect(plannedJobs(accepted)).toEqual([
      {
        id: `exchange-autocomplete-${EX}-${CONFIRMED.getTime()}`,
        queue: 'timers',
        at: new Date(CONFIRMED.getTime() + EXCHANGE_LIMITS.confirmWindowMs),
        timer: { exchangeId: EX, action: 'auto_complete' },
      },
    ]);
    // Nobody confirmed, or both did: nothing to complete on a timer.
    expect(plannedJobs(record({ status: 'accepted' }))).toEqual([]);
    expect(
      plannedJobs(record({ status: 'accepted', confirmedBy: [id(1), id(2)], firstConfirmedAt: CONFIRMED })),
    ).toEqual([]);
    // One confirmation without its time (a row written before the field) plans nothing rather than a wrong time.
    expect(plannedJobs(record({ status: 'accepted', confirmedBy: [id(1)] }))).toEqual([]);
  });

  it('an agreed meetup: a reminder 2 h before and a prompt 2 h after, to each party, by mail and by push', () => {
    const stamp = `${MEET.getTime()}-${PROPOSED_AT.getTime()}`;
    const before = new Date(MEET.getTime() - EXCHANGE_LIMITS.reminderBeforeMs);
    const after = new Date(MEET.getTime() + EXCHANGE_LIMITS.promptAfterMs);
    const mails = [hex(1), hex(2)].flatMap((userId) => [
      {
        id: `exchange-reminder-${EX}-${userId}-${stamp}`,
        queue: 'mail',
        at: before,
        mail: { kind: 'reminder', userId },
      },
      {
        id: `exchange-prompt-${EX}-${userId}-${stamp}`,
        queue: 'mail',
        at: after,
        mail: { kind: 'prompt', userId },
      },
    ]);
    const pushes = mails.map((job) => ({ ...job, id: `${job.id}-push`, queue: 'push' }));
    expect(plannedJobs(record({ status: 'accepted', meetup: meetup(true) }))).toEqual([...mails, ...pushes]);
    // Proposed but not agreed: none.
    expect(plannedJobs(record({ status: 'accepted', meetup: meetup(false) }))).toEqual([]);
  });
});

describe('meetupMail', () => {
  const base = {
    to: 'ana@example.com',
    recipientName: 'Ana',
    otherName: 'Bo',
    otherId: hex(2),
    place: 'Café Central',
    at: MEET,
  };
  const when = formatMomentUtc(MEET, 'en');

  it('the reminder: who, where and when, with a link to the conversation when the app has an address', () => {
    const mail = meetupMail({ ...base, kind: 'reminder', publicUrl: 'https://nomadswap.example/app/' });
    expect(mail).toEqual({
      to: 'ana@example.com',
      subject: `Reminder: your swap with Bo at ${when}`,
      text:
        `Hi Ana,\n\nYou meet Bo at Café Central on ${when}. Meet in a public place, check the item before you ` +
        `swap, and tell them in the chat if plans change.\n\nhttps://nomadswap.example/messages?user=${hex(2)}` +
        '\n\nThe NomadSwap team\n',
    });
  });

  it('the prompt, without an address (no link) and without the other’s name (“your swap partner”)', () => {
    const mail = meetupMail({ ...base, kind: 'prompt', otherName: null });
    expect(mail.subject).toBe('Did the swap with your swap partner happen?');
    expect(mail.text).toBe(
      `Hi Ana,\n\nYou planned to meet your swap partner at Café Central on ${when}. Did the swap happen? ` +
        "Confirm it in the chat (or tell us it didn't), so you can review each other.\n\nThe NomadSwap team\n",
    );
  });

  it('in the recipient’s language', () => {
    const mail = meetupMail({ ...base, kind: 'reminder', language: 'es' });
    expect(mail.text.startsWith('Hola, Ana:')).toBe(true);
    expect(mail.subject).toContain(formatMomentUtc(MEET, 'es'));
  });
});
