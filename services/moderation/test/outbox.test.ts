import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '@nomadswap/service-kit/mailer';
import { startNotificationWorker } from '@nomadswap/service-kit/notifications';
import { eventually } from '@nomadswap/service-kit/testing';
import { createModerationTestEnv, type ModerationTestEnv } from './support/moderation-test-env';

let env: ModerationTestEnv;
let outbox: string;
let worker: ReturnType<typeof startNotificationWorker>;
beforeAll(async () => {
  env = await createModerationTestEnv();
  outbox = await fs.mkdtemp(path.join(os.tmpdir(), 'moderation-outbox-'));
  // Whichever process runs the worker delivers moderation's mail: here, one writing .eml files.
  worker = startNotificationWorker({
    redisUrl: env.stores.redisUrl,
    prefix: `${env.stores.keyPrefix}bull`,
    logger: env.stores.logger,
    mailer: createMailer({ outboxDir: outbox, from: 'NomadSwap <no-reply@nomadswap.example>' }),
  });
});
afterAll(async () => {
  await worker.close();
  await env.close();
  await fs.rm(outbox, { recursive: true, force: true });
});

const emlFiles = async () => (await fs.readdir(outbox)).filter((name) => name.endsWith('.eml'));

describe('moderation e-mail', () => {
  it('the report acknowledgement and resolution and the contact acknowledgement reach the outbox', async () => {
    const admin = await env.user({ role: 'admin' });
    const report = await request(env.app).post('/api/reports').send({
      type: 'fraud',
      urgency: 'critical',
      subject: 'Fake listing',
      description: 'The photos of this listing are copied from a shop website.',
      contactEmail: 'reporter@example.test',
    });
    expect(report.status).toBe(201);
    await request(env.app)
      .put(`/api/reports/${report.body.id}`)
      .set(admin.headers)
      .send({ status: 'resolved' })
      .expect(200);
    await request(env.app)
      .post('/api/contact')
      .send({
        name: 'Cleo',
        email: 'cleo@example.test',
        subject: 'Hello there',
        category: 'feedback',
        message: 'Lovely little app you have.',
      })
      .expect(201);

    const files = await eventually(async () => ((await emlFiles()).length >= 3 ? emlFiles() : null));
    const contents = await Promise.all(files.map((name) => fs.readFile(path.join(outbox, name), 'utf8')));
    const all = contents.join('\n');
    expect(contents).toHaveLength(3);
    expect(all).toContain('To: reporter@example.test');
    expect(all).toContain(`We received your report (reference ${report.body.id})`);
    expect(all).toContain(`Your report was resolved (reference ${report.body.id})`);
    expect(all).not.toContain('Fake listing');
    expect(all).toContain('To: cleo@example.test');
  });
});
