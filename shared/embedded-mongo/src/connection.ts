import type { Socket } from 'node:net';
import type { Document } from 'bson';
import type { Engine } from './engine';
import { CommandError, toCommandError } from './errors';
import {
  HEADER_SIZE,
  MAX_MESSAGE_SIZE,
  OP_QUERY,
  ProtocolError,
  type Request,
  RequestTooLargeError,
  encodeReply,
  parseMessage,
  readHeader,
} from './wire';

/**
 * Serves one client socket: frames incoming bytes into messages, runs each command and writes the reply.
 * A malformed or oversized frame closes this connection with a log line; nothing here can take the server down.
 */
export function serveConnection(socket: Socket, engine: Engine, id: number): void {
  const remote = `${socket.remoteAddress ?? 'unknown'}:${socket.remotePort ?? 0}`;
  const conn = { id, remote };
  let chunks: Buffer[] = [];
  let buffered = 0;
  let expected = -1;

  const fail = (reason: string): void => {
    engine.log(`embedded-mongo: closing connection ${id} from ${remote}: ${reason}`);
    chunks = [];
    buffered = 0;
    socket.destroy();
  };

  const handle = (msg: Buffer): void => {
    let req: Request;
    try {
      req = parseMessage(msg);
    } catch (err) {
      if (err instanceof RequestTooLargeError) {
        // The frame itself was sound, so the stream is still in sync: answer like mongod and keep the connection.
        const header = readHeader(msg);
        const reply = new CommandError('BSONObjectTooLarge', err.message).toReply();
        socket.write(encodeReply(reply, { header, legacy: header.opCode === OP_QUERY }));
        return;
      }
      fail(err instanceof ProtocolError ? err.message : `unparseable message: ${(err as Error).message}`);
      return;
    }
    let reply: Document;
    try {
      reply = engine.run(req.command, { engine, db: req.db, conn });
    } catch (err) {
      reply = toCommandError(err).toReply();
    }
    if (req.moreToCome) return;
    let bytes: Buffer;
    try {
      bytes = encodeReply(reply, req);
    } catch (err) {
      bytes = encodeReply(
        new CommandError('InternalError', `reply could not be encoded: ${(err as Error).message}`).toReply(),
        req,
      );
    }
    socket.write(bytes);
  };

  socket.setNoDelay(true);
  socket.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    buffered += chunk.length;
    while (!socket.destroyed) {
      if (expected < 0) {
        if (buffered < 4) return;
        if ((chunks[0] as Buffer).length < 4) chunks = [Buffer.concat(chunks, buffered)];
        expected = (chunks[0] as Buffer).readInt32LE(0);
        if (expected < HEADER_SIZE + 1 || expected > MAX_MESSAGE_SIZE) {
          fail(`invalid message length ${expected} (allowed ${HEADER_SIZE + 1}..${MAX_MESSAGE_SIZE})`);
          return;
        }
      }
      if (buffered < expected) return;
      const all = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, buffered);
      const msg = all.subarray(0, expected);
      const rest = all.subarray(expected);
      chunks = rest.length ? [rest] : [];
      buffered = rest.length;
      expected = -1;
      handle(msg);
    }
  });
  // Resets and half-closed peers are routine (clients dropping mid-message included); just release the socket.
  socket.on('error', () => socket.destroy());
}
