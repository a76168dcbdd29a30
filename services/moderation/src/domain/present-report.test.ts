import { describe, expect, it } from 'vitest';
import type { ModerationContext } from '../context';
import type { ModerationItemRecord } from '../data/moderation-item';
import type { ModerationUserRecord } from '../data/moderation-user';
import type { ReportRecord } from '../data/report';
import { oid } from '../data/ids';
import { presentReports } from './present-report';

/** Reports as admins see them, without stores (issue 21): the users model is a stand-in that records its query. */
const id = (n: number) => oid(n.toString(16).padStart(24, '0'));
const AT = new Date('2030-01-01T10:00:00.000Z');
const LATER = new Date('2030-01-02T10:00:00.000Z');

function usersModel(users: Partial<ModerationUserRecord>[], items: Partial<ModerationItemRecord>[] = []) {
  const queries: unknown[] = [];
  const itemQueries: unknown[] = [];
  const stand = (rows: unknown[], log: unknown[]) => ({
    find: (filter: unknown) => {
      log.push(JSON.parse(JSON.stringify(filter)));
      return { lean: async () => rows };
    },
  });
  const ctx = { users: stand(users, queries), items: stand(items, itemQueries) };
  return { ctx: ctx as unknown as Pick<ModerationContext, 'users' | 'items'>, queries, itemQueries };
}

const record = (overrides: Partial<ReportRecord> = {}): ReportRecord => ({
  _id: id(1),
  type: 'fraud',
  urgency: 'high',
  urgencyRank: 2,
  subject: 'Scam',
  description: 'Asked for money first',
  relatedUserId: null,
  relatedItemId: null,
  contactEmail: null,
  reporterId: null,
  status: 'open',
  adminNotes: null,
  assignedTo: null,
  createdAt: AT,
  updatedAt: LATER,
  ...overrides,
});

describe('presentReports', () => {
  it('an anonymous report has no reporter, and nobody is looked up', async () => {
    const { ctx, queries } = usersModel([]);
    expect(await presentReports(ctx, [record()])).toEqual([
      {
        id: id(1).toHexString(),
        type: 'fraud',
        urgency: 'high',
        subject: 'Scam',
        description: 'Asked for money first',
        relatedUser: null,
        relatedItem: null,
        relatedItemTitle: null,
        contactEmail: null,
        reporterId: null,
        reporter: null,
        source: 'user',
        status: 'open',
        adminNotes: null,
        assignedTo: null,
        createdAt: AT.toISOString(),
        updatedAt: LATER.toISOString(),
      },
    ]);
    expect(queries).toEqual([]);
  });

  it('names the reported user "Name (@username)" and the listing by its title, from one query each', async () => {
    const { ctx, queries, itemQueries } = usersModel(
      [
        { _id: id(10), fullName: 'Ana Nomad', username: 'ana', deleted: false },
        { _id: id(20), fullName: 'Tomás Costa', username: 'tomas.costa', deleted: false },
        { _id: id(21), fullName: 'Gone', username: 'gone', deleted: true },
      ],
      [{ _id: id(30), title: 'Blue backpack' }],
    );
    const reports = await presentReports(ctx, [
      record({ _id: id(1), reporterId: id(10), relatedUserId: id(20), relatedItemId: id(30) }),
      record({ _id: id(2), relatedUserId: id(21), relatedItemId: id(31) }),
      record({ _id: id(3), relatedUserId: id(22) }),
    ]);
    expect(queries).toEqual([
      { _id: { $in: [id(10), id(20), id(21), id(22)].map((oid) => oid.toHexString()) } },
    ]);
    expect(itemQueries).toEqual([{ _id: { $in: [id(30), id(31)].map((oid) => oid.toHexString()) } }]);
    expect(reports[0]).toMatchObject({
      reporter: { fullName: 'Ana Nomad', username: 'ana' },
      relatedUser: { id: id(20).toHexString(), fullName: 'Tomás Costa', username: 'tomas.costa' },
      relatedItemTitle: 'Blue backpack',
    });
    expect(reports[1]!.relatedUser).toEqual({ id: id(21).toHexString(), fullName: 'Deleted user' });
    expect(reports[1]!.relatedItemTitle).toBeNull();
    expect(reports[2]!.relatedUser).toEqual({ id: id(22).toHexString() });
  });

  it('names the reporter, once looked up for all their reports; a deleted or unknown one is "Deleted user"', async () => {
    const { ctx, queries } = usersModel([
      { _id: id(10), fullName: 'Ana Nomad', deleted: false },
      { _id: id(11), fullName: 'Gone', deleted: true },
    ]);
    const reports = await presentReports(ctx, [
      record({
        _id: id(1),
        reporterId: id(10),
        relatedUserId: id(20),
        relatedItemId: id(30),
        contactEmail: 'ana@example.com',
        status: 'resolved',
        adminNotes: 'Handled',
        assignedTo: id(40),
      }),
      record({ _id: id(2), reporterId: id(10) }),
      record({ _id: id(3), reporterId: id(11) }),
      record({ _id: id(4), reporterId: id(12) }),
    ]);
    expect(queries).toEqual([
      { _id: { $in: [id(10), id(20), id(11), id(12)].map((oid) => oid.toHexString()) } },
    ]);
    expect(reports.map((report) => report.reporter?.fullName)).toEqual([
      'Ana Nomad',
      'Ana Nomad',
      'Deleted user',
      'Deleted user',
    ]);
    expect(reports.map((report) => report.source)).toEqual(['user', 'user', 'user', 'user']);
    expect(reports[0]).toMatchObject({
      reporterId: id(10).toHexString(),
      relatedUser: { id: id(20).toHexString() },
      relatedItem: id(30).toHexString(),
      contactEmail: 'ana@example.com',
      status: 'resolved',
      adminNotes: 'Handled',
      assignedTo: id(40).toHexString(),
    });
  });

  it('a report of the chat’s safety signal is filed by "NomadSwap safety"', async () => {
    const { ctx } = usersModel([]);
    const [report] = await presentReports(ctx, [record({ source: 'safety-signal' })]);
    expect(report).toMatchObject({ source: 'safety-signal', reporter: { fullName: 'NomadSwap safety' } });
  });
});
