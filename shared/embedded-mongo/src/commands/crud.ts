import type { Document } from 'bson';
import type { CommandContext, CommandHandler } from '../engine';
import { CommandError, toCommandError } from '../errors';
import { compileProjection } from '../projection';
import type { Collection } from '../storage/collection';
import { sortDocs } from '../storage/sort';
import { applyUpdate, buildUpsert, updateKind } from '../update';
import type { Doc } from '../values';
import { type Hint, checkFields, hintArg, matching } from './options';
import { checkFilter } from '../filter-check';
import { arrayArg, collectionArg, docArg, intArg } from './util';

/** The first document matching `filter` in `sort` order (or in the planner's order, or the hint's natural one). */
function findFirst(
  coll: Collection | undefined,
  filter: Document,
  sort: Document | undefined,
  hint: Hint,
): Doc | undefined {
  checkFilter(filter);
  if (!coll) return undefined;
  if (sort && Object.keys(sort).length > 0)
    return sortDocs(matching(coll, filter, hint), sort, undefined, 1)[0];
  for (const doc of matching(coll, filter, hint)) return doc;
  return undefined;
}

/** Runs write statements with mongod's ordered/unordered semantics, collecting per-statement errors. */
function eachStatement(
  statements: Document[],
  ordered: boolean,
  run: (s: Document, i: number) => void,
): Document[] {
  const writeErrors: Document[] = [];
  for (let i = 0; i < statements.length; i++) {
    try {
      run(statements[i] as Document, i);
    } catch (err) {
      writeErrors.push(toCommandError(err).toWriteError(i));
      if (ordered) break;
    }
  }
  return writeErrors;
}

const insert: CommandHandler = (cmd, ctx) => {
  const name = collectionArg(cmd, 'insert');
  checkFields(cmd, 'insert', ['insert', 'documents', 'ordered']);
  const docs = arrayArg(cmd, 'documents');
  const coll = ctx.engine.catalog.ensure(ctx.db, name);
  let n = 0;
  const writeErrors = eachStatement(docs, cmd.ordered !== false, (doc) => {
    coll.insert(doc);
    n++;
  });
  return { n, ...(writeErrors.length ? { writeErrors } : {}), ok: 1 };
};

interface UpdateOutcome {
  matched: number;
  modified: number;
  upsertedId?: unknown;
}

/** The update statement fields the engine implements (others: see ./options). */
const UPDATE_STATEMENT_FIELDS = ['q', 'u', 'multi', 'upsert', 'arrayFilters', 'hint', 'sort'];

/** Executes one update statement (`{ q, u, multi, upsert, arrayFilters, hint, sort }`). */
function runUpdate(ctx: CommandContext, name: string, s: Document): UpdateOutcome {
  const filter = docArg(s, 'q') ?? {};
  const u = s.u as Document | Document[];
  const kind = updateKind(u);
  const multi = s.multi === true;
  if (multi && kind === 'replacement') {
    throw new CommandError('FailedToParse', 'multi update is not supported for replacement-style update');
  }
  const arrayFilters = s.arrayFilters as Document[] | undefined;
  const coll = ctx.engine.catalog.get(ctx.db, name);
  const hint = hintArg(s, coll);
  checkFilter(filter);
  const targets = multi
    ? [...(coll ? matching(coll, filter, hint) : [])]
    : [findFirst(coll, filter, docArg(s, 'sort'), hint)].filter((d): d is Doc => d !== undefined);
  if (targets.length === 0) {
    if (s.upsert !== true) return { matched: 0, modified: 0 };
    const doc = ctx.engine.catalog.ensure(ctx.db, name).insert(buildUpsert(filter, u, arrayFilters));
    return { matched: 0, modified: 0, upsertedId: doc._id };
  }
  let modified = 0;
  for (const doc of targets) {
    const next = applyUpdate(doc, u, { arrayFilters, filter, isInsert: false });
    if (next) {
      (coll as Collection).replace(doc, next);
      modified++;
    }
  }
  return { matched: targets.length, modified };
}

const update: CommandHandler = (cmd, ctx) => {
  const name = collectionArg(cmd, 'update');
  checkFields(cmd, 'update', ['update', 'updates', 'ordered']);
  // mongod parses the whole command first: a refused option in any statement applies none of them.
  const statements = arrayArg(cmd, 'updates');
  for (const s of statements) checkFields(s, 'update.updates', UPDATE_STATEMENT_FIELDS, true);
  let n = 0;
  let nModified = 0;
  const upserted: Document[] = [];
  const writeErrors = eachStatement(statements, cmd.ordered !== false, (s, index) => {
    const r = runUpdate(ctx, name, s);
    n += r.matched;
    nModified += r.modified;
    if (r.upsertedId !== undefined) {
      n++;
      upserted.push({ index, _id: r.upsertedId });
    }
  });
  return {
    n,
    nModified,
    ...(upserted.length ? { upserted } : {}),
    ...(writeErrors.length ? { writeErrors } : {}),
    ok: 1,
  };
};

const del: CommandHandler = (cmd, ctx) => {
  const name = collectionArg(cmd, 'delete');
  checkFields(cmd, 'delete', ['delete', 'deletes', 'ordered']);
  const statements = arrayArg(cmd, 'deletes');
  for (const s of statements) checkFields(s, 'delete.deletes', ['q', 'limit', 'hint'], true);
  const coll = ctx.engine.catalog.get(ctx.db, name);
  let n = 0;
  const writeErrors = eachStatement(statements, cmd.ordered !== false, (s) => {
    const hint = hintArg(s, coll);
    const filter = docArg(s, 'q') ?? {};
    checkFilter(filter);
    if (!coll) return;
    const limit = intArg(s, 'limit');
    const victims =
      limit === 1
        ? [findFirst(coll, filter, undefined, hint)].filter((d): d is Doc => !!d)
        : [...matching(coll, filter, hint)];
    for (const doc of victims) coll.remove(doc);
    n += victims.length;
  });
  return { n, ...(writeErrors.length ? { writeErrors } : {}), ok: 1 };
};

/** The findAndModify fields the engine implements (others: see ./options). */
const FIND_AND_MODIFY_FIELDS = [
  'query',
  'sort',
  'remove',
  'update',
  'new',
  'fields',
  'upsert',
  'arrayFilters',
  'hint',
];

const findAndModify: CommandHandler = (cmd, ctx) => {
  const command = Object.keys(cmd)[0] as string;
  const name = collectionArg(cmd, command);
  checkFields(cmd, command, [command, ...FIND_AND_MODIFY_FIELDS]);
  const filter = docArg(cmd, 'query') ?? {};
  const project = compileProjection(docArg(cmd, 'fields'), filter);
  const coll = ctx.engine.catalog.get(ctx.db, name);
  const target = findFirst(coll, filter, docArg(cmd, 'sort'), hintArg(cmd, coll));
  const out = (doc: Doc | undefined | null): Doc | null => (doc ? project(doc) : null);

  if (cmd.remove === true) {
    if (cmd.update !== undefined)
      throw new CommandError('FailedToParse', 'Cannot specify both an update and remove=true');
    if (target) (coll as Collection).remove(target);
    return { lastErrorObject: { n: target ? 1 : 0 }, value: out(target), ok: 1 };
  }
  const u = cmd.update as Document | Document[] | undefined;
  if (u === undefined)
    throw new CommandError('FailedToParse', 'Either an update or remove=true must be specified');
  const arrayFilters = cmd.arrayFilters as Document[] | undefined;
  const returnNew = cmd.new === true;
  if (target) {
    const next = applyUpdate(target, u, { arrayFilters, filter, isInsert: false });
    const stored = next ? (coll as Collection).replace(target, next) : target;
    return {
      lastErrorObject: { n: 1, updatedExisting: true },
      value: out(returnNew ? stored : target),
      ok: 1,
    };
  }
  if (cmd.upsert === true) {
    const doc = ctx.engine.catalog.ensure(ctx.db, name).insert(buildUpsert(filter, u, arrayFilters));
    return {
      lastErrorObject: { n: 1, updatedExisting: false, upserted: doc._id },
      value: returnNew ? out(doc) : null,
      ok: 1,
    };
  }
  return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
};

/** Write commands: insert, update, delete, findAndModify. */
export const crudCommands: Record<string, CommandHandler> = {
  insert,
  update,
  delete: del,
  findAndModify,
  findandmodify: findAndModify,
};
