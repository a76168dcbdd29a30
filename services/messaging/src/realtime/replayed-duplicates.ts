import type { createAdapter } from '@socket.io/redis-streams-adapter';

/**
 * Connection state recovery without duplicates. The streams adapter (0.3.1) restores a session by replaying the
 * stream from the socket's last offset up to the newest entry; the restored socket is then back in its rooms
 * before this replica's XREAD loop (or the XADD reply of one of its own emits) has reached those same entries, so
 * when it does, the socket gets them a second time (bench/chat saw 1–2 per run). This wrapper remembers, per
 * restored socket, the newest entry its replay carried, and leaves that socket out of the live broadcast of any
 * entry up to it. The broadcast path calls `addOffsetIfNecessary(packet, opts, offset)` with the entry's stream
 * id just before delivering locally (for remote entries and for this replica's own emits alike): the hook point.
 */

type StreamsAdapter = ReturnType<ReturnType<typeof createAdapter>>;
type Session = Awaited<ReturnType<StreamsAdapter['restoreSession']>>;
type AddOffset = (
  packet: unknown,
  opts: { rooms?: Set<string>; except?: Set<string> },
  offset: string,
) => void;

/** How long a restored socket is watched: far longer than the adapter's read loop can lag behind. */
const WATCH_MS = 30_000;

/** `a` < `b` for Redis stream ids (`<ms>-<seq>`). */
export function streamIdBefore(a: string, b: string): boolean {
  const [aMs, aSeq] = a.split('-').map(BigInt) as [bigint, bigint];
  const [bMs, bSeq] = b.split('-').map(BigInt) as [bigint, bigint];
  return aMs < bMs || (aMs === bMs && aSeq < bSeq);
}

/** Which restored sockets already got which entries through their replay. */
export function createReplayFilter(now: () => number = Date.now) {
  const replayedUpTo = new Map<string, { offset: string; until: number }>();
  return {
    /** After a restore: the socket `session.sid` has every entry up to the last replayed one. */
    remember(session: Pick<Session, 'sid' | 'missedPackets'>): void {
      const last = session.missedPackets.at(-1)?.at(-1);
      if (typeof last === 'string') replayedUpTo.set(session.sid, { offset: last, until: now() + WATCH_MS });
    },
    /** Before the live delivery of entry `offset`: adds every socket that already has it to `except`. */
    exclude(except: Set<string> | undefined, offset: unknown): void {
      if (replayedUpTo.size === 0 || !except || typeof offset !== 'string') return;
      const time = now();
      for (const [sid, watched] of replayedUpTo) {
        if (watched.until < time) replayedUpTo.delete(sid);
        else if (!streamIdBefore(watched.offset, offset)) except.add(sid);
      }
    },
    get size() {
      return replayedUpTo.size;
    },
  };
}

interface BroadcastOptions {
  rooms?: Set<string>;
  except?: Set<string>;
}

/**
 * What a restored socket would have missed between its replay and its connection. Socket.IO reads the replay
 * (restoreSession), then runs the handshake, and only then adds the socket to the namespace's sockets; the
 * adapter's live delivery looks sockets up there, so an entry delivered live in between reached nobody — neither
 * the replay (read before it) nor the live path (the socket was not there yet). That was the message lost at
 * recovery (issue 21: 1 in 900 with every reconnection "recovered"). Until the socket connects (`take`), every
 * local delivery of an event meant for its rooms is kept for it; a socket never taken (refused) is forgotten.
 */
export function createRestoreGapBuffer(now: () => number = Date.now) {
  const held = new Map<string, { rooms: Set<string>; until: number; packets: unknown[][] }>();
  /** Local deliveries while a replay is being read (whose socket is not known until it has been read). */
  const recordings = new Set<
    { data: unknown[]; rooms: Set<string>; except: Set<string>; offset: string }[]
  >();
  const meantFor = (rooms: Set<string>, opts: { rooms: Set<string>; except: Set<string> }) =>
    (opts.rooms.size === 0 || [...opts.rooms].some((room) => rooms.has(room))) &&
    ![...opts.except].some((room) => rooms.has(room));
  return {
    /**
     * Before a replay is read: records every local delivery until `stop`. The replay's last read and this
     * replica's read loop use different connections, so an entry just after the replay can be delivered before
     * the replay's answer is in; `watch` takes from the recording what came after the replay.
     */
    record(): { stop(): { data: unknown[]; rooms: Set<string>; except: Set<string>; offset: string }[] } {
      const recording: { data: unknown[]; rooms: Set<string>; except: Set<string>; offset: string }[] = [];
      recordings.add(recording);
      return {
        // Idempotent: the recording stays readable after it stopped.
        stop: () => {
          recordings.delete(recording);
          return recording;
        },
      };
    },
    /**
     * Right after the replay of `sid` was read, with what was recorded meanwhile and the last entry the client
     * has (its own offset or the replay's last).
     */
    watch(
      sid: string,
      rooms: readonly string[],
      recorded: readonly { data: unknown[]; rooms: Set<string>; except: Set<string>; offset: string }[] = [],
      after?: string,
    ): void {
      const roomSet = new Set(rooms);
      const packets = recorded
        .filter((r) => meantFor(roomSet, r) && (after === undefined || streamIdBefore(after, r.offset)))
        .map((r) => r.data);
      held.set(sid, { rooms: roomSet, until: now() + WATCH_MS, packets });
    },
    /** At each local delivery of an event (its data already ends with its stream offset). */
    hold(packet: { type?: number; data?: unknown[] }, opts: BroadcastOptions): void {
      if ((held.size === 0 && recordings.size === 0) || packet.type !== 2 || !Array.isArray(packet.data))
        return;
      const delivery = { rooms: new Set(opts.rooms ?? []), except: new Set(opts.except ?? []) };
      const offset = packet.data.at(-1);
      if (recordings.size > 0 && typeof offset === 'string') {
        for (const recording of recordings) recording.push({ data: [...packet.data], ...delivery, offset });
      }
      const time = now();
      for (const [sid, entry] of held) {
        if (entry.until < time) {
          held.delete(sid);
          continue;
        }
        if (meantFor(entry.rooms, delivery)) entry.packets.push([...packet.data]);
      }
    },
    /** When `sid` connects: what it missed since its replay, oldest first; it is live from now on. */
    take(sid: string): unknown[][] {
      const entry = held.get(sid);
      held.delete(sid);
      return entry?.packets ?? [];
    },
    get size() {
      return held.size;
    },
  };
}

/** The adapter method that hands a just-connected restored socket what it missed since its replay. */
export interface RestoreGap {
  takeRestoreGap(sid: string): unknown[][];
}

/**
 * The adapter factory, with restored sockets left out of the live delivery of what their replay carried, and
 * given (`takeRestoreGap`) what was delivered between their replay and their connection.
 */
export function withoutReplayedDuplicates(
  factory: ReturnType<typeof createAdapter>,
): ReturnType<typeof createAdapter> {
  // A function, not an arrow: Socket.IO calls the adapter factory with `new` (it also takes adapter classes).
  return function restoringWithoutDuplicates(nsp) {
    const adapter = factory(nsp);
    const filter = createReplayFilter();
    const gap = createRestoreGapBuffer();
    const restore = adapter.restoreSession.bind(adapter);
    adapter.restoreSession = async (pid, offset) => {
      const recording = gap.record();
      const session = await restore(pid, offset).finally(recording.stop);
      filter.remember(session);
      if (session) {
        const lastReplayed = session.missedPackets.at(-1)?.at(-1);
        const after = typeof lastReplayed === 'string' ? lastReplayed : offset;
        gap.watch(session.sid, session.rooms, recording.stop(), after);
      }
      return session;
    };
    const hooks = adapter as unknown as { addOffsetIfNecessary: AddOffset } & RestoreGap;
    const addOffset = hooks.addOffsetIfNecessary.bind(adapter);
    hooks.addOffsetIfNecessary = (packet, opts, offset) => {
      addOffset(packet, opts, offset);
      filter.exclude(opts.except, offset);
      gap.hold(packet as { type?: number; data?: unknown[] }, opts as BroadcastOptions);
    };
    hooks.takeRestoreGap = (sid) => gap.take(sid);
    return adapter;
  };
}
