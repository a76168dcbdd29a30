import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Makes sure Debian's chromium is installed (browsers are never downloaded by Playwright here). Installs it
 * with apt-get on Debian as root; otherwise explains what to do.
 */
export function ensureChromium(log: (line: string) => void = console.log): string {
  if (fs.existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (fs.existsSync('/etc/debian_version') && isRoot) {
    log('chromium not found: installing it with apt-get (Debian)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    if (fs.existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  }
  throw new Error(
    `Chromium is required for the browser tests and was not found at ${CHROMIUM_PATH}. ` +
      'On Debian/Ubuntu: sudo apt-get install -y chromium; elsewhere set CHROMIUM_PATH to a Chromium binary.',
  );
}
