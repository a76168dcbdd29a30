import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface LocalSecrets {
  jwtSecret: string;
  adminPassword: string;
}

/**
 * Secrets for the embedded default: generated on first start and kept in DATA_DIR (mode 0600) so tokens and the
 * admin login survive restarts. Values given in the environment always win and are never written.
 */
export function loadLocalSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<LocalSecrets> = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LocalSecrets>;
  const secrets: LocalSecrets = {
    jwtSecret: stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    adminPassword: stored.adminPassword ?? randomBytes(12).toString('base64url'),
  };
  if (secrets.jwtSecret !== stored.jwtSecret || secrets.adminPassword !== stored.adminPassword) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return {
    jwtSecret: process.env.JWT_SECRET ?? secrets.jwtSecret,
    adminPassword: process.env.ADMIN_PASSWORD ?? secrets.adminPassword,
  };
}
