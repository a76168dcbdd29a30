import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { createMailer } from '../src/mailer';
import {
  createNotificationQueue,
  mailerFromConfig,
  startNotificationWorker,
  type NotificationQueue,
} from '../src/notifications';
import { eventually } from '../src/testing';
import { redisForTest, silentLogger } from './redis-helpers';

const FROM = 'NomadSwap <no-reply@nomadswap.example>';
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0)) await step();
});

/** A minimal SMTP server that accepts everything and keeps what it received. */
async function fakeSmtp(): Promise<{ url: string; received: string[] }> {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let inData = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          received.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => new Promise((resolve) => server.close(() => resolve())));
  const { port } = server.address() as net.AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received };
}

describe('mailer', () => {
  it('without SMTP_URL, writes each message as a complete .eml file in the outbox', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadswap-mail-'));
    cleanup.push(() => fs.rm(dir, { recursive: true, force: true }));
    const outbox = path.join(dir, 'outbox');
    const mailer = createMailer({ outboxDir: outbox, from: FROM });
    expect(mailer.destination).toBe(outbox);

    await mailer.send({
      to: 'ana@example.com',
      subject: 'Your NomadSwap account is approved',
      text: 'Hi Ana,\n\nSign in: https://nomadswap.example/auth/login\n',
      html: '<p>Hi Ana,</p>',
    });
    const files = await fs.readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await fs.readFile(path.join(outbox, files[0]!), 'utf8');
    expect(eml).toContain('From: NomadSwap <no-reply@nomadswap.example>');
    expect(eml).toContain('To: ana@example.com');
    expect(eml).toContain('Subject: Your NomadSwap account is approved');
    expect(eml).toContain('Sign in: https://nomadswap.example/auth/login');
    expect(eml).toMatch(/^Message-ID: <.+>$/m);
    expect(eml).toContain('Content-Type: multipart/alternative');
    expect(eml).toContain('<p>Hi Ana,</p>');
  });

  it('with SMTP_URL, delivers through that SMTP server and writes no file', async () => {
    const smtp = await fakeSmtp();
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadswap-mail-'));
    cleanup.push(() => fs.rm(dir, { recursive: true, force: true }));
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: path.join(dir, 'outbox'), from: FROM });
    cleanup.push(async () => mailer.close());

    await mailer.send({ to: 'bo@example.com', subject: 'Your NomadSwap account is approved', text: 'Hi Bo' });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain('To: bo@example.com');
    expect(smtp.received[0]).toContain('Subject: Your NomadSwap account is approved');
    expect(smtp.received[0]).toContain('Hi Bo');
    await expect(fs.readdir(path.join(dir, 'outbox'))).rejects.toThrow(/ENOENT/);
  });
});

describe('notifications queue', () => {
  const store = redisForTest('notifications');
  const running: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const item of running.splice(0).reverse()) await item.close();
  });
  afterAll(() => store.cleanup());

  async function setUp(): Promise<{
    queue: NotificationQueue;
    worker: ReturnType<typeof startNotificationWorker>;
    outbox: string;
  }> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadswap-notify-'));
    cleanup.push(() => fs.rm(dir, { recursive: true, force: true }));
    const prefix = `${store.prefix}${Math.random().toString(36).slice(2, 8)}`;
    const queue = createNotificationQueue({ redis: store.redis, prefix, logger: silentLogger });
    const worker = startNotificationWorker({
      redisUrl: inject('redisUrl'),
      prefix,
      logger: silentLogger,
      mailer: mailerFromConfig({ DATA_DIR: dir, MAIL_FROM: FROM }),
    });
    running.push(queue, worker);
    await Promise.all([queue.ready(), worker.worker.waitUntilReady()]);
    return { queue, worker, outbox: path.join(dir, 'outbox') };
  }

  it('an enqueued e-mail is sent by a worker of any service, once per job id', async () => {
    const { queue, outbox } = await setUp();
    const mail = { to: 'mei@example.com', subject: 'Welcome', text: 'Hello Mei' };
    await queue.enqueue(mail, { jobId: 'welcome-mei' });
    await queue.enqueue(mail, { jobId: 'welcome-mei' });
    const file = await eventually(async () =>
      (await fs.readdir(outbox).catch(() => [])).find((name) => name.endsWith('.eml')),
    );
    const eml = await fs.readFile(path.join(outbox, file), 'utf8');
    expect(eml).toContain('To: mei@example.com');
    expect(eml).toContain('Hello Mei');
    await eventually(async () => (await queue.queue.getJob('welcome-mei'))?.isCompleted());
    const job = (await queue.queue.getJob('welcome-mei'))!;
    expect(job.returnvalue).toEqual({ sent: true });
    expect(await fs.readdir(outbox)).toHaveLength(1);
    expect(job.opts.attempts).toBe(5);
  });

  it('refuses to enqueue something that is not an e-mail', async () => {
    const { queue } = await setUp();
    await expect(queue.enqueue({ to: 'x', subject: '', text: 'no subject' })).rejects.toThrow();
    expect(await queue.queue.count()).toBe(0);
  });

  it('a job of another shape fails at once, without retries', async () => {
    const { queue } = await setUp();
    await queue.queue.add('legacy', { kind: 'account-approved', userId: 'u1' } as never, { jobId: 'legacy' });
    await eventually(async () => (await queue.queue.getJob('legacy'))?.isFailed());
    const job = (await queue.queue.getJob('legacy'))!;
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toMatch(/not an e-mail/);
  });
});
