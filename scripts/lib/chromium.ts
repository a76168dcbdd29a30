import fs from 'node:fs';
import { ensureDebianCommand } from './apt';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Makes sure Debian's chromium is there: Playwright never downloads a browser on our machines. */
export function ensureChromium(log: (line: string) => void = console.log): string {
  if (fs.existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  if (ensureDebianCommand('chromium', 'chromium', log) && fs.existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  throw new Error(
    `Chromium is required for the browser tests and was not found at ${CHROMIUM_PATH}. ` +
      'On Debian/Ubuntu: sudo apt-get install -y chromium; elsewhere set CHROMIUM_PATH to a Chromium binary.',
  );
}
