import type { Document } from 'bson';
import { UUID } from 'bson';
import { CommandError } from '../errors';
import type { Doc } from '../values';
import { Collection, type MutationSink } from './collection';

/** Characters mongod refuses in database names. */
const BAD_DB_CHARS = /[/\\. "$*<>:|?\0]/;

function validateNames(db: string, coll?: string): void {
  if (!db || BAD_DB_CHARS.test(db) || db.length > 63)
    throw new CommandError('InvalidNamespace', `Invalid database name: '${db}'`);
  if (coll === undefined) return;
  if (
    !coll ||
    coll.includes('\0') ||
    coll.startsWith('.') ||
    (coll.includes('$') && !coll.startsWith('system.'))
  ) {
    throw new CommandError('InvalidNamespace', `Invalid collection name: ${coll}`);
  }
}

/**
 * All databases and their collections. Every structural change goes through here so it is journaled in the same
 * order it is applied; `apply` replays those records at startup.
 */
export class Catalog {
  private readonly dbs = new Map<string, Map<string, Collection>>();

  constructor(private readonly sink: MutationSink | null) {}

  get(db: string, name: string): Collection | undefined {
    return this.dbs.get(db)?.get(name);
  }

  /** Returns the collection, creating it implicitly (as an insert or createIndexes on a new name does). */
  ensure(db: string, name: string): Collection {
    return this.get(db, name) ?? this.create(db, name, {});
  }

  /** Creates a collection; fails with NamespaceExists if it is already there. */
  create(db: string, name: string, options: Document, uuid = new UUID()): Collection {
    validateNames(db, name);
    if (this.get(db, name))
      throw new CommandError('NamespaceExists', `Collection ${db}.${name} already exists.`);
    let colls = this.dbs.get(db);
    if (!colls) {
      colls = new Map();
      this.dbs.set(db, colls);
    }
    const coll = new Collection(db, name, options, uuid, this.sink);
    colls.set(name, coll);
    this.sink?.record({ op: 'cc', db, c: name, options, uuid });
    return coll;
  }

  /** Drops a collection; returns false when it did not exist. */
  drop(db: string, name: string): boolean {
    const colls = this.dbs.get(db);
    if (!colls?.delete(name)) return false;
    if (colls.size === 0) this.dbs.delete(db);
    this.sink?.record({ op: 'dc', db, c: name });
    return true;
  }

  dropDatabase(db: string): void {
    if (!this.dbs.delete(db)) return;
    this.sink?.record({ op: 'dd', db });
  }

  /** Renames (and possibly moves) a collection, optionally replacing an existing target. */
  rename(db: string, name: string, toDb: string, toName: string, dropTarget: boolean): void {
    validateNames(toDb, toName);
    const coll = this.get(db, name);
    if (!coll) throw new CommandError('NamespaceNotFound', `Source collection ${db}.${name} does not exist`);
    if (this.get(toDb, toName)) {
      if (!dropTarget) throw new CommandError('NamespaceExists', `Target namespace exists`);
      this.drop(toDb, toName);
    }
    const from = this.dbs.get(db) as Map<string, Collection>;
    from.delete(name);
    if (from.size === 0) this.dbs.delete(db);
    let to = this.dbs.get(toDb);
    if (!to) {
      to = new Map();
      this.dbs.set(toDb, to);
    }
    coll.db = toDb;
    coll.name = toName;
    to.set(toName, coll);
    this.sink?.record({ op: 'rn', db, c: name, toDb, to: toName });
  }

  /** Names of databases holding at least one collection. */
  databaseNames(): string[] {
    return [...this.dbs.keys()];
  }

  collections(db: string): Collection[] {
    return [...(this.dbs.get(db)?.values() ?? [])];
  }

  allCollections(): Collection[] {
    return [...this.dbs.values()].flatMap((m) => [...m.values()]);
  }

  /** Applies one journal record (the `op` codes written by this class and by Collection). */
  apply(rec: Document): void {
    const db = rec.db as string;
    const c = rec.c as string;
    switch (rec.op) {
      case 'cc':
        if (!this.get(db, c)) this.create(db, c, (rec.options as Document) ?? {}, rec.uuid as UUID);
        return;
      case 'i':
        this.ensure(db, c).insert(rec.d as Doc);
        return;
      case 'u': {
        const coll = this.ensure(db, c);
        const d = rec.d as Doc;
        const current = coll.getById(d._id);
        if (current) coll.replace(current, d);
        else coll.insert(d);
        return;
      }
      case 'd': {
        const coll = this.get(db, c);
        const current = coll?.getById(rec.id);
        if (coll && current) coll.remove(current);
        return;
      }
      case 'ci':
        this.ensure(db, c).createIndex(rec.spec as Document);
        return;
      case 'di':
        this.get(db, c)?.dropIndex(rec.name);
        return;
      case 'dc':
        this.drop(db, c);
        return;
      case 'dd':
        this.dropDatabase(db);
        return;
      case 'rn':
        this.rename(db, c, rec.toDb as string, rec.to as string, true);
        return;
      default:
        throw new Error(`unknown journal record op ${String(rec.op)}`);
    }
  }

  /** Records that rebuild the current state from nothing: the content of a snapshot. */
  *snapshotRecords(): Generator<Document> {
    for (const coll of this.allCollections()) {
      yield { op: 'cc', db: coll.db, c: coll.name, options: coll.options, uuid: coll.uuid };
      for (const spec of coll.listIndexes().slice(1)) yield { op: 'ci', db: coll.db, c: coll.name, spec };
      for (const d of coll.docs.values()) yield { op: 'i', db: coll.db, c: coll.name, d };
    }
  }
}
