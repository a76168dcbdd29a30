import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createPushQueue, PUSH_JOB_OPTIONS, type PushJob, type PushQueue } from '../src/push';
import { redisForTest, silentLogger } from './redis-helpers';

const job: PushJob = {
  userId: '65a1b2c3d4e5f60718293a4b',
  kind: 'reminders',
  title: '2 items still listed in Lisbon',
  body: 'They leave the listings in 48 hours: mark swapped or extend.',
  url: '/profile',
  tag: 'deadline-1',
};

describe('push queue (the producer any service uses)', () => {
  const store = redisForTest('push');
  const queues: PushQueue[] = [];
  afterEach(async () => {
    for (const queue of queues.splice(0)) await queue.close();
  });
  afterAll(() => store.cleanup());

  const open = () => {
    const queue = createPushQueue({
      redis: store.redis,
      prefix: `${store.prefix}${Math.random().toString(36).slice(2, 8)}`,
      logger: silentLogger,
    });
    queues.push(queue);
    return queue;
  };

  it('enqueues a push once per job id, delayed when asked, retried with backoff', async () => {
    const queue = open();
    await queue.enqueue(job, { jobId: 'remind-1', delay: 60_000 });
    await queue.enqueue(job, { jobId: 'remind-1', delay: 60_000 });
    expect(await queue.queue.getDelayedCount()).toBe(1);
    const stored = (await queue.queue.getJob('remind-1'))!;
    expect(stored.data).toEqual(job);
    expect(stored.name).toBe('reminders');
    expect(stored.opts.attempts).toBe(PUSH_JOB_OPTIONS.attempts);
    expect(stored.opts.backoff).toEqual(PUSH_JOB_OPTIONS.backoff);
  });

  it.each([
    ['a user id that is not one', { userId: 'ana' }],
    ['an unknown kind', { kind: 'marketing' }],
    ['a url to another site', { url: 'https://evil.example/' }],
    ['a protocol-relative url', { url: '//evil.example/' }],
    ['an empty tag', { tag: '' }],
  ])('refuses %s', async (_name, change) => {
    const queue = open();
    await expect(queue.enqueue({ ...job, ...change } as PushJob)).rejects.toThrow();
    expect(await queue.queue.count()).toBe(0);
  });
});
