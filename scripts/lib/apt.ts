import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

function has(binary: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${binary}`]).status === 0;
}

/**
 * Makes sure a command from a Debian package is on PATH, installing the package with apt-get when this is a
 * Debian machine and we are root. Returns false (and says why) when it cannot.
 */
export function ensureDebianCommand(binary: string, pkg: string, log: (line: string) => void): boolean {
  if (has(binary)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (fs.existsSync('/etc/debian_version') && isRoot) {
    log(`${binary} not found: installing ${pkg} with apt-get (Debian)…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env });
    if (has(binary)) return true;
  }
  log(`${binary} is missing: install the ${pkg} package (Debian/Ubuntu: sudo apt-get install -y ${pkg}).`);
  return false;
}
