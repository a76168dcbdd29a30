import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';
import { approvalEmail } from './notification-worker';

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

    await mailer.send(
      approvalEmail({ to: 'ana@example.com', fullName: 'Ana', publicUrl: 'https://nomadswap.example' }),
    );
    const files = await fs.readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await fs.readFile(path.join(outbox, files[0]!), 'utf8');
    expect(eml).toContain('From: NomadSwap <no-reply@nomadswap.example>');
    expect(eml).toContain('To: ana@example.com');
    expect(eml).toContain('Subject: Your NomadSwap account is approved');
    expect(eml).toContain('Sign in: https://nomadswap.example/auth/login');
    expect(eml).toMatch(/^Message-ID: <.+>$/m);
  });

  it('with SMTP_URL, delivers through that SMTP server and writes no file', async () => {
    const smtp = await fakeSmtp();
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadswap-mail-'));
    cleanup.push(() => fs.rm(dir, { recursive: true, force: true }));
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: path.join(dir, 'outbox'), from: FROM });
    cleanup.push(async () => mailer.close());

    await mailer.send(approvalEmail({ to: 'bo@example.com', fullName: 'Bo' }));
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain('To: bo@example.com');
    expect(smtp.received[0]).toContain('Subject: Your NomadSwap account is approved');
    expect(smtp.received[0]).not.toContain('Sign in:');
    await expect(fs.readdir(path.join(dir, 'outbox'))).rejects.toThrow(/ENOENT/);
  });
});
