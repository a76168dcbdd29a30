import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, redactLoggedUrl } from '../src/logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe('createLogger', () => {
  it('writes JSON lines with the service name and level', () => {
    const { lines, stream } = capture();
    createLogger('items', 'info', stream).info({ itemId: 'a1' }, 'item created');
    expect(lines[0]).toMatchObject({ name: 'items', level: 30, msg: 'item created', itemId: 'a1' });
  });

  it('when a log object carries credentials, they are redacted', () => {
    const { lines, stream } = capture();
    createLogger('auth', 'info', stream).info(
      {
        req: { headers: { authorization: 'Bearer abc.def.ghi', cookie: 'sid=1', host: 'x' } },
        body: { email: 'a@b.c', password: 'hunter22', token: 't0k3n' },
        password: 'top',
      },
      'login',
    );
    const text = JSON.stringify(lines[0]);
    expect(text).not.toContain('abc.def.ghi');
    expect(text).not.toContain('hunter22');
    expect(text).not.toContain('t0k3n');
    expect(text).not.toContain('sid=1');
    expect(lines[0]).toMatchObject({ req: { headers: { host: 'x' } }, body: { email: 'a@b.c' } });
  });

  it('when a log object carries an image data URL, only its length is logged', () => {
    const { lines, stream } = capture();
    const avatar = `data:image/png;base64,${'A'.repeat(5000)}`;
    createLogger('auth', 'info', stream).info({ body: { avatar, images: [avatar] } }, 'register');
    const text = JSON.stringify(lines[0]);
    expect(text).not.toContain('AAAA');
    expect(lines[0]).toMatchObject({ body: { avatar: `[data URL, ${avatar.length} chars]` } });
  });

  it('when the level is above a message, the message is not written', () => {
    const { lines, stream } = capture();
    const logger = createLogger('items', 'warn', stream);
    logger.info('quiet');
    logger.warn('loud');
    expect(lines.map((l) => l.msg)).toEqual(['loud']);
  });
});

describe('redactLoggedUrl', () => {
  it.each([
    ['/api/places/nearest?lat=38.72&lon=-9.14', '/api/places/nearest?lat=[redacted]&lon=[redacted]'],
    ['/api/places/nearest?lon=-9.14&lat=38.72&x=1', '/api/places/nearest?lon=[redacted]&lat=[redacted]&x=1'],
    ['/api/places?q=lisbon', '/api/places?q=lisbon'],
    ['/api/items?location=flat=1', '/api/items?location=flat=1'],
    ['/api/places/nearest', '/api/places/nearest'],
  ])('logs %s as %s', (url, logged) => {
    expect(redactLoggedUrl(url)).toBe(logged);
  });
});
