/**
 * The transport floor of bench/chat.ts (FLOOR=1, or MESSAGING_SERVER=bench/chat/floor-server.ts): a messaging
 * replica with the product's topology and none of its work. Same Socket.IO options as services/messaging — the
 * Redis streams adapter on the same stream settings, connection state recovery — but `message:send` only acks and
 * emits `message:new` to both users' rooms: no token verification beyond reading `sub`, no database, no checks,
 * no counters. What it measures is what the gateway hop, the second replica and the adapter's Redis round trip
 * cost before any of the service's own work.
 */
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';

const stream = process.env.SOCKET_STREAM ?? 'floor:socket.io';
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const server = createServer((req, res) => {
  res.writeHead(req.url === '/healthz' ? 200 : 404, { 'content-type': 'application/json' });
  res.end('{}');
});
const io = new Server(server, {
  path: '/socket.io',
  serveClient: false,
  connectionStateRecovery: { maxDisconnectionDuration: 120_000, skipMiddlewares: true },
  adapter: createAdapter(redis, {
    streamName: stream,
    channelPrefix: stream,
    sessionKeyPrefix: `${stream}:session:`,
    maxLen: 100_000,
    blockTimeInMs: 5_000,
    onlyPlaintext: true,
  }),
});
io.use((socket, next) => {
  const token = String(socket.handshake.auth?.token ?? '');
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString() || '{}');
  socket.data.userId = String(payload.sub ?? '');
  next();
});
io.on('connection', (socket) => {
  const userId = socket.data.userId as string;
  if (!socket.recovered) void socket.join(`user:${userId}`);
  socket.on('message:send', (payload: { receiverId: string; clientId: string; content: string }, ack) => {
    const message = {
      id: randomUUID(),
      ...payload,
      senderId: userId,
      createdAt: new Date().toISOString(),
    };
    io.to([`user:${userId}`, `user:${payload.receiverId}`]).emit('message:new', message);
    if (typeof ack === 'function') ack(message);
  });
});
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => {
  void io.close();
  redis.disconnect();
  process.exit(0);
});
