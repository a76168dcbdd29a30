/**
 * A stand-in for `socket.io-client` in web tests (installed for every test file by setup.ts): `io()` hands
 * out a {@link FakeSocket} that never touches the network. Tests play the server: connect it, emit server
 * events, and decide how `message:send` is acknowledged.
 */
type Handler = (...args: unknown[]) => void;

export interface Emitted {
  event: string;
  payload: unknown;
}

export class FakeSocket {
  connected = false;
  recovered = false;
  readonly emitted: Emitted[] = [];
  /** The server's answer to an emit with an acknowledgement; `undefined` means no answer (a lost ack). */
  onAck: (event: string, payload: unknown) => unknown = () => undefined;
  private readonly handlers = new Map<string, Set<Handler>>();

  constructor(readonly options: unknown) {}

  on(event: string, handler: Handler): this {
    const set = this.handlers.get(event) ?? new Set<Handler>();
    set.add(handler);
    this.handlers.set(event, set);
    return this;
  }

  off(event: string, handler?: Handler): this {
    if (handler) this.handlers.get(event)?.delete(handler);
    else this.handlers.delete(event);
    return this;
  }

  emit(event: string, payload?: unknown, ack?: (response: unknown) => void): this {
    this.emitted.push({ event, payload });
    if (typeof ack === 'function') {
      const response = this.onAck(event, payload);
      if (response !== undefined) queueMicrotask(() => ack(response));
    }
    return this;
  }

  /** `socket.timeout(ms).emit(event, payload, (err, response) => …)` as in socket.io-client. */
  timeout(ms: number) {
    return {
      emit: (event: string, payload: unknown, ack: (err: Error | null, response?: unknown) => void) => {
        this.emitted.push({ event, payload });
        const response = this.onAck(event, payload);
        if (response !== undefined) queueMicrotask(() => ack(null, response));
        else setTimeout(() => ack(new Error('operation has timed out')), ms);
      },
    };
  }

  /** False once the server's handshake refused it (socket.io-client then stops retrying by itself). */
  active = true;
  /** How many times the app called connect() (after a refusal). */
  connectCalls = 0;

  connect(): this {
    this.connectCalls += 1;
    this.active = true;
    return this;
  }

  disconnect(): this {
    this.active = false;
    if (this.connected) this.serverDisconnect();
    return this;
  }

  /** The server's handshake refused the (re)connection with this `connect_error`. */
  serverRefuse(message: string, code: string): void {
    this.connected = false;
    this.active = false;
    this.fire('connect_error', Object.assign(new Error(message), { data: { code } }));
  }

  /** The server accepted the (re)connection; `recovered` says whether its session state was recovered. */
  serverConnect({ recovered = false }: { recovered?: boolean } = {}): void {
    this.connected = true;
    this.recovered = recovered;
    this.fire('connect');
  }

  serverDisconnect(): void {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }

  /** An event from the server. */
  serverEmit(event: string, payload: unknown): void {
    this.fire(event, payload);
  }

  emittedOf(event: string): unknown[] {
    return this.emitted.filter((e) => e.event === event).map((e) => e.payload);
  }

  private fire(event: string, ...args: unknown[]): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(...args);
  }
}

export const sockets: FakeSocket[] = [];

export function io(options?: unknown): FakeSocket {
  const socket = new FakeSocket(options);
  sockets.push(socket);
  return socket;
}

/** The newest socket the app opened. */
export function lastSocket(): FakeSocket {
  const socket = sockets.at(-1);
  if (!socket) throw new Error('the app opened no socket');
  return socket;
}

export function resetSockets(): void {
  sockets.length = 0;
}
