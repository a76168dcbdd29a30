/**
 * The baseline of bench/chat.ts: a minimal single-process Socket.IO server that only relays. `message:send`
 * {receiverId, clientId, content} is acked and emitted as `message:new` to the receiver's room — no token check,
 * no database, no Redis, no recovery. Prints "listening on <port>" once ready.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

const server = createServer();
const io = new Server(server, { path: '/socket.io', serveClient: false });
io.on('connection', (socket) => {
  const userId = String(socket.handshake.auth.userId ?? '');
  void socket.join(`user:${userId}`);
  socket.on(
    'message:send',
    (
      payload: { receiverId: string; clientId: string; content: string },
      ack?: (message: unknown) => void,
    ) => {
      const message = { ...payload, senderId: userId, createdAt: new Date().toISOString() };
      io.to([`user:${userId}`, `user:${payload.receiverId}`]).emit('message:new', message);
      ack?.(message);
    },
  );
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening on ${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => {
  void io.close();
  process.exit(0);
});
