import fs from 'node:fs';
import path from 'node:path';

/**
 * The Redis ACL users are written once, as the `--user` arguments of the redis service's command in
 * docker-compose.yml (docs/operations.md, "Redis users"). These read them, so a Kubernetes Redis gets the same
 * users from an ACL file (`npm run redis-acl`) and the tests apply exactly what compose runs.
 */
function composeRedisCommand(root: string): string {
  const file = fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
  const service = file.slice(file.indexOf('\n  redis:\n'));
  const lines = service.slice(service.indexOf('    command: >-\n')).split('\n').slice(1);
  return lines
    .slice(
      0,
      lines.findIndex((line) => !/^ {6}/.test(line)),
    )
    .join(' ');
}

/** redis-server's arguments from the compose file, each `${REDIS_<USER>_PASSWORD:?…}` given by `password`. */
export function composeRedisArgs(root: string, password: (user: string) => string): string[] {
  const command = composeRedisCommand(root).replace(
    /\$\{REDIS_(\w+)_PASSWORD:\?[^}]*\}/g,
    (_match, name: string) => password(name.toLowerCase()),
  );
  return command.trim().split(/\s+/).slice(1);
}

/** The same users as an ACL file (`user <name> <rules…>` per line), for `redis-server --aclfile` or an operator. */
export function redisAclFile(root: string, password: (user: string) => string): string {
  const args = composeRedisArgs(root, password);
  const users: string[][] = [];
  // The words after each `--user` up to the next option are that user's rules; other options are not ACL.
  let current: string[] | undefined;
  for (const arg of args) {
    if (arg === '--user') users.push((current = []));
    else if (arg.startsWith('--')) current = undefined;
    else current?.push(arg);
  }
  return users.map((rules) => `user ${rules.join(' ')}\n`).join('');
}
