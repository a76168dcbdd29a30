/**
 * `npm run redis-acl > users.acl`: the Redis ACL file for a Redis outside docker-compose (the Kubernetes
 * operator's Secret `nomadswap-redis-acl`, docs/operations.md): the compose file's users, with each password from
 * the environment (`REDIS_AUTH_PASSWORD`, … as in .env). A missing password stops it: no user without one.
 */
import { redisAclFile } from './lib/redis-acl';
import { ROOT } from './lib/stack';

const missing: string[] = [];
const file = redisAclFile(ROOT, (user) => {
  const name = `REDIS_${user.toUpperCase()}_PASSWORD`;
  const value = process.env[name];
  if (!value) missing.push(name);
  return value ?? '';
});
if (missing.length > 0) {
  console.error(`Set ${missing.join(', ')} (URL-safe values: openssl rand -hex 32)`);
  process.exit(1);
}
process.stdout.write(file);
