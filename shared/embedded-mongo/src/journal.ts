import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { type Document, deserialize, serialize } from 'bson';
import type { MutationSink } from './storage/collection';

/**
 * On-disk format (both `snapshot.bson` and `journal.log`): a sequence of records
 *   [u32 LE payload length][u32 LE CRC-32 of payload][payload: one BSON document]
 * The first record of each file is `{ op: 'meta', gen }`. A snapshot of generation G holds the full state; the
 * journal of generation G holds every mutation since. Compaction writes snapshot G+1 and then a fresh journal G+1,
 * each via write-temp/fsync/rename, so a crash at any point leaves a loadable pair.
 */
const HEADER = 8;
const FORMAT_VERSION = 1;
const SNAPSHOT = 'snapshot.bson';
const JOURNAL = 'journal.log';
const LOCK = 'embedded-mongo.lock';
/** How often dirty journal pages are forced to disk; a process kill loses nothing, a power cut at most this window. */
const FSYNC_INTERVAL_MS = 100;
/** Snapshots are written in chunks of this size to bound memory. */
const WRITE_CHUNK = 8 * 1024 * 1024;

export interface JournalOptions {
  dir: string;
  log: (line: string) => void;
  /** Compact once the journal has grown past this many bytes (and past the size of the last snapshot). */
  compactionThresholdBytes: number;
}

function frame(doc: Document): Buffer {
  const payload = serialize(doc);
  const out = Buffer.allocUnsafe(HEADER + payload.length);
  out.writeUInt32LE(payload.length, 0);
  out.writeUInt32LE(crc32(payload), 4);
  out.set(payload, HEADER);
  return out;
}

interface ReadResult {
  records: Document[];
  /** Byte offset where the valid prefix ends; less than the file size when the tail is torn or corrupt. */
  validLength: number;
  size: number;
}

function readRecords(file: string): ReadResult {
  const buf = fs.readFileSync(file);
  const records: Document[] = [];
  let off = 0;
  while (off + HEADER <= buf.length) {
    const len = buf.readUInt32LE(off);
    const crc = buf.readUInt32LE(off + 4);
    if (len < 5 || off + HEADER + len > buf.length) break;
    const payload = buf.subarray(off + HEADER, off + HEADER + len);
    if (crc32(payload) !== crc) break;
    try {
      records.push(deserialize(payload));
    } catch {
      break;
    }
    off += HEADER + len;
  }
  return { records, validLength: off, size: buf.length };
}

function fsyncDir(dir: string): void {
  // Directory fsync makes the rename durable; some filesystems refuse it, which only weakens power-loss safety.
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    /* best effort */
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data directory's lock file so two engines never append to one journal. A lock left by a process that
 * no longer exists (kill -9) is taken over.
 */
function acquireLock(dir: string): string {
  const file = path.join(dir, LOCK);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return file;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(file, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && (owner === process.pid || isAlive(owner))) {
        throw new Error(`data directory ${dir} is in use by another embedded-mongo instance (pid ${owner})`);
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock data directory ${dir}`);
}

/** Writes records to `file` atomically: temp file, fsync, rename, directory fsync. */
function writeFileAtomic(file: string, records: Iterable<Document>): number {
  const tmp = file + '.tmp';
  const fd = fs.openSync(tmp, 'w');
  let size = 0;
  try {
    let chunk: Buffer[] = [];
    let chunkBytes = 0;
    for (const rec of records) {
      const b = frame(rec);
      chunk.push(b);
      chunkBytes += b.length;
      if (chunkBytes >= WRITE_CHUNK) {
        size += fs.writeSync(fd, Buffer.concat(chunk, chunkBytes));
        chunk = [];
        chunkBytes = 0;
      }
    }
    if (chunkBytes > 0) size += fs.writeSync(fd, Buffer.concat(chunk, chunkBytes));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  fsyncDir(path.dirname(file));
  return size;
}

/**
 * Append-only journal with group commit: mutations are buffered while a command runs and written with one
 * `write()` before its reply is sent (`commit`). A written record survives `kill -9`; fdatasync follows within
 * {@link FSYNC_INTERVAL_MS}, or immediately for `{ j: true }` writes (`sync`).
 */
export class Journal implements MutationSink {
  private fd = -1;
  private gen = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private journalBytes = 0;
  private snapshotBytes = 0;
  private dirty = false;
  private syncing = false;
  private timer: NodeJS.Timeout | undefined;
  /** Off while replaying, so applying old records does not journal them again. */
  private recording = false;

  private lockFile = '';

  private constructor(private readonly opts: JournalOptions) {}

  /**
   * Opens (creating if needed) the data directory, feeds every persisted record to `apply` in order, and starts
   * recording. A torn or corrupt journal tail is cut off with a warning; startup never fails because of it.
   */
  static open(opts: JournalOptions, apply: (rec: Document) => void): Journal {
    const j = new Journal(opts);
    fs.mkdirSync(opts.dir, { recursive: true });
    j.lockFile = acquireLock(opts.dir);
    try {
      j.load(apply);
    } catch (err) {
      fs.rmSync(j.lockFile, { force: true });
      throw err;
    }
    return j;
  }

  /** Loads the snapshot, replays the journal on top, and opens the journal for appending. */
  private load(apply: (rec: Document) => void): void {
    const opts = this.opts;
    const snapFile = path.join(opts.dir, SNAPSHOT);
    const journalFile = path.join(opts.dir, JOURNAL);
    for (const stale of [snapFile + '.tmp', journalFile + '.tmp']) fs.rmSync(stale, { force: true });

    let snapGen = 0;
    if (fs.existsSync(snapFile)) {
      const snap = readRecords(snapFile);
      if (snap.validLength !== snap.size) {
        opts.log(
          `embedded-mongo: WARNING snapshot ${snapFile} is damaged after byte ${snap.validLength}; loading the readable part`,
        );
      }
      const [meta, ...rest] = snap.records;
      snapGen = typeof meta?.gen === 'number' ? meta.gen : 0;
      this.applyAll(rest, apply);
      this.snapshotBytes = snap.validLength;
    }
    this.gen = snapGen;

    let replayed = 0;
    if (fs.existsSync(journalFile)) {
      const jr = readRecords(journalFile);
      const [meta, ...rest] = jr.records;
      const journalGen = typeof meta?.gen === 'number' ? meta.gen : -1;
      if (journalGen === snapGen) {
        this.applyAll(rest, apply);
        replayed = rest.length;
        if (jr.validLength !== jr.size) {
          const tail = path.join(opts.dir, `journal.corrupt-${Date.now()}`);
          fs.writeFileSync(tail, fs.readFileSync(journalFile).subarray(jr.validLength));
          fs.truncateSync(journalFile, jr.validLength);
          opts.log(
            `embedded-mongo: WARNING journal ended with a torn or corrupt record (${jr.size - jr.validLength} bytes after offset ${jr.validLength}); ignored it, kept a copy in ${tail}`,
          );
        }
        this.journalBytes = jr.validLength;
      } else if (journalGen !== -1) {
        // A compaction finished its snapshot but crashed before resetting the journal: the snapshot already has it all.
        this.journalBytes = writeFileAtomic(journalFile, [{ op: 'meta', gen: snapGen, v: FORMAT_VERSION }]);
      }
    }
    if (!fs.existsSync(journalFile) || this.journalBytes === 0) {
      this.journalBytes = writeFileAtomic(journalFile, [{ op: 'meta', gen: snapGen, v: FORMAT_VERSION }]);
    }
    this.fd = fs.openSync(journalFile, 'a');
    this.recording = true;
    this.timer = setInterval(() => this.backgroundSync(), FSYNC_INTERVAL_MS);
    this.timer.unref();
    if (replayed > 0) opts.log(`embedded-mongo: replayed ${replayed} journal records from ${opts.dir}`);
  }

  private applyAll(records: Document[], apply: (rec: Document) => void): void {
    for (const rec of records) {
      try {
        apply(rec);
      } catch (err) {
        this.opts.log(
          `embedded-mongo: WARNING skipped journal record ${String(rec.op)}: ${(err as Error).message}`,
        );
      }
    }
  }

  /** Buffers a mutation until the current command commits. */
  record(entry: Document): void {
    if (!this.recording) return;
    const b = frame(entry);
    this.pending.push(b);
    this.pendingBytes += b.length;
  }

  /** Writes buffered mutations with one synchronous write; call before acknowledging. */
  commit(): void {
    if (this.pendingBytes === 0 || this.fd < 0) return;
    const buf =
      this.pending.length === 1
        ? (this.pending[0] as Buffer)
        : Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    let off = 0;
    try {
      while (off < buf.length) off += fs.writeSync(this.fd, buf, off);
    } catch (err) {
      // Cut a partial write off again, or every record appended after it would be unreachable at replay.
      if (off > 0) fs.ftruncateSync(this.fd, this.journalBytes);
      throw err;
    }
    this.journalBytes += buf.length;
    this.dirty = true;
  }

  /** Forces the journal to stable storage now (for `writeConcern: { j: true }`). */
  sync(): void {
    this.commit();
    if (this.fd >= 0 && this.dirty) {
      fs.fdatasyncSync(this.fd);
      this.dirty = false;
    }
  }

  private backgroundSync(): void {
    if (!this.dirty || this.syncing || this.fd < 0) return;
    this.dirty = false;
    this.syncing = true;
    const fd = this.fd;
    fs.fdatasync(fd, (err) => {
      this.syncing = false;
      // An error after the fd was closed or swapped by compaction/close is moot: those paths fsync themselves.
      if (err && this.fd === fd) {
        this.dirty = true;
        this.opts.log(`embedded-mongo: WARNING journal fdatasync failed: ${err.message}`);
      }
    });
  }

  /** True once the journal is big enough that a snapshot would make restarts noticeably faster. */
  get wantsCompaction(): boolean {
    return this.journalBytes > this.opts.compactionThresholdBytes && this.journalBytes > this.snapshotBytes;
  }

  /** Writes a new snapshot of `records` (the full current state) and starts an empty journal. */
  compact(records: Iterable<Document>): void {
    this.commit();
    const gen = this.gen + 1;
    const started = Date.now();
    const snapFile = path.join(this.opts.dir, SNAPSHOT);
    const journalFile = path.join(this.opts.dir, JOURNAL);
    function* withMeta(): Generator<Document> {
      yield { op: 'meta', gen, v: FORMAT_VERSION, createdAt: new Date() };
      yield* records;
    }
    this.snapshotBytes = writeFileAtomic(snapFile, withMeta());
    fs.closeSync(this.fd);
    this.fd = -1;
    this.journalBytes = writeFileAtomic(journalFile, [{ op: 'meta', gen, v: FORMAT_VERSION }]);
    this.fd = fs.openSync(journalFile, 'a');
    this.gen = gen;
    this.dirty = false;
    this.opts.log(
      `embedded-mongo: compacted ${this.snapshotBytes} bytes into ${snapFile} in ${Date.now() - started} ms`,
    );
  }

  /** Flushes, fsyncs and closes the journal, and releases the directory lock. */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.fd < 0) return;
    this.sync();
    fs.closeSync(this.fd);
    this.fd = -1;
    this.recording = false;
    fs.rmSync(this.lockFile, { force: true });
  }
}
