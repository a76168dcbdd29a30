import { describe, expect, it } from 'vitest';
import { loadMessagingConfig, vapidOf } from '../src/config';

const base = { JWT_SECRET: 'x'.repeat(32) };

describe('messaging configuration', () => {
  it('caps sockets per user at 10 unless SOCKET_MAX_PER_USER says otherwise', () => {
    expect(loadMessagingConfig(base).SOCKET_MAX_PER_USER).toBe(10);
    expect(loadMessagingConfig({ ...base, SOCKET_MAX_PER_USER: '3' }).SOCKET_MAX_PER_USER).toBe(3);
  });

  it.each(['0', '2.5', 'many', '1001'])('refuses SOCKET_MAX_PER_USER=%s, naming it', (value) => {
    expect(() => loadMessagingConfig({ ...base, SOCKET_MAX_PER_USER: value })).toThrow(/SOCKET_MAX_PER_USER/);
  });
});

describe('web push configuration', () => {
  const vapid = {
    VAPID_PUBLIC_KEY:
      'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
    VAPID_PRIVATE_KEY: 'UUxI4O8-FbRouAevSmBQ6o18hgE4nSG3qwvJTfKc-ls',
    VAPID_SUBJECT: 'mailto:push@nomadswap.example',
  };

  it('is off without keys, on with all three, and reads PUSH_ALLOWED_HOSTS as host:port entries', () => {
    expect(vapidOf(loadMessagingConfig(base))).toBeUndefined();
    const config = loadMessagingConfig({
      ...base,
      ...vapid,
      PUSH_ALLOWED_HOSTS: 'localhost:8090, push.example:443',
    });
    expect(vapidOf(config)).toEqual({
      publicKey: vapid.VAPID_PUBLIC_KEY,
      privateKey: vapid.VAPID_PRIVATE_KEY,
      subject: vapid.VAPID_SUBJECT,
    });
    expect(config.PUSH_ALLOWED_HOSTS).toEqual(['localhost:8090', 'push.example:443']);
  });

  it('refuses one key without the others, naming the variable', () => {
    expect(() => loadMessagingConfig({ ...base, VAPID_PUBLIC_KEY: vapid.VAPID_PUBLIC_KEY })).toThrow(
      /VAPID_SUBJECT set all three of VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT, or none/,
    );
  });

  it.each([
    ['VAPID_PUBLIC_KEY', 'not-a-key'],
    ['VAPID_PRIVATE_KEY', 'short'],
    ['VAPID_SUBJECT', 'push@nomadswap.example'],
    ['PUSH_ALLOWED_HOSTS', 'http://localhost:8090'],
  ])('refuses a malformed %s, naming it', (name, value) => {
    expect(() => loadMessagingConfig({ ...base, ...vapid, [name]: value })).toThrow(new RegExp(name));
  });
});
