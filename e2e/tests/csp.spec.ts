import { expect, test } from '@playwright/test';

/**
 * The gateway's CSP lets the page open a WebSocket to its own origin only: `connect-src 'self'` covers the
 * same-origin ws: (wss: under https) in CSP3 browsers, and no longer `ws:`/`wss:` to any host.
 */
test('the page may open a WebSocket to its own origin, and the CSP blocks one to any other host', async ({
  page,
}) => {
  await page.goto('/learn-more');
  const outcome = await page.evaluate(async () => {
    const violations: string[] = [];
    (window as unknown as { violations: string[] }).violations = violations;
    document.addEventListener('securitypolicyviolation', (event) => violations.push(event.blockedURI));
    const open = (url: string) =>
      new Promise<string>((resolve) => {
        let socket: WebSocket;
        try {
          socket = new WebSocket(url);
        } catch (error) {
          resolve(`refused: ${String(error)}`);
          return;
        }
        socket.onopen = () => {
          socket.close();
          resolve('open');
        };
        socket.onerror = () => resolve('error');
      });
    const own = await open(`ws://${location.host}/socket.io/?EIO=4&transport=websocket`);
    const foreign = await open('ws://127.0.0.2:9/socket.io/');
    return { own, foreign };
  });
  expect(outcome.own).toBe('open');
  expect(outcome.foreign).not.toBe('open');
  const violations = () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
  await expect.poll(async () => (await violations()).some((uri) => uri.includes('127.0.0.2'))).toBe(true);
  expect((await violations()).some((uri) => uri.includes(new URL(page.url()).host))).toBe(false);
});
