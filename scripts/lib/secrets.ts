import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface LocalSecrets {
  jwtSecret: string;
  adminPassword: string;
  /** The VAPID key pair of web push (issue 23), base64url like `web-push generate-vapid-keys` prints it. */
  vapidPublicKey: string;
  vapidPrivateKey: string;
}

/** A P-256 key pair: the public key uncompressed (65 bytes), the private key raw (32 bytes), both base64url. */
function vapidKeys(): Pick<LocalSecrets, 'vapidPublicKey' | 'vapidPrivateKey'> {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  // getPrivateKey drops leading zero bytes; a VAPID private key is always 32.
  const privateKey = Buffer.from(curve.getPrivateKey('hex').padStart(64, '0'), 'hex');
  return {
    vapidPublicKey: curve.getPublicKey().toString('base64url'),
    vapidPrivateKey: privateKey.toString('base64url'),
  };
}

/**
 * Secrets for the embedded default: generated on first start and kept in DATA_DIR (mode 0600) so tokens, the
 * admin login and the browsers' push subscriptions (bound to the VAPID key) survive restarts. Values given in
 * the environment always win and are never written.
 */
export function loadLocalSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<LocalSecrets> = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LocalSecrets>;
  const secrets: LocalSecrets = {
    jwtSecret: stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    adminPassword: stored.adminPassword ?? randomBytes(12).toString('base64url'),
    ...(stored.vapidPublicKey && stored.vapidPrivateKey
      ? { vapidPublicKey: stored.vapidPublicKey, vapidPrivateKey: stored.vapidPrivateKey }
      : vapidKeys()),
  };
  if ((Object.keys(secrets) as (keyof LocalSecrets)[]).some((key) => secrets[key] !== stored[key])) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  const vapidFromEnv = process.env.VAPID_PUBLIC_KEY && process.env.VAPID_PRIVATE_KEY;
  return {
    jwtSecret: process.env.JWT_SECRET ?? secrets.jwtSecret,
    adminPassword: process.env.ADMIN_PASSWORD ?? secrets.adminPassword,
    vapidPublicKey: vapidFromEnv ? process.env.VAPID_PUBLIC_KEY! : secrets.vapidPublicKey,
    vapidPrivateKey: vapidFromEnv ? process.env.VAPID_PRIVATE_KEY! : secrets.vapidPrivateKey,
  };
}
