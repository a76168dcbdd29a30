import { describe, expect, it } from 'vitest';
import { loadMessagingConfig } from '../src/config';

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
