/**
 * `npm start`: runs NomadSwap on this machine with the embedded defaults (see README). Ctrl-C stops everything.
 */
import { z } from 'zod';
import { say } from './lib/log';
import { createStack, parseReplicas } from './lib/stack';

const env = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(8080),
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default('.data'),
    SKIP_WEB_BUILD: z.string().optional(),
    SEED_DEMO_DATA: z.enum(['0', '1']).default('1'),
    /** `auth:2,items:2,messaging:2,moderation:2` (and `items-worker:2`…): processes per service or worker. */
    REPLICAS: z
      .string()
      .default('')
      .transform((text, ctx) => {
        try {
          return parseReplicas(text);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message });
          return z.NEVER;
        }
      }),
    /** The older spelling of `REPLICAS=messaging:N`. */
    MESSAGING_REPLICAS: z.coerce.number().int().min(1).max(16).optional(),
  })
  .safeParse(process.env);
if (!env.success) {
  console.error(
    `Invalid configuration: ${env.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
  );
  process.exit(1);
}

const stack = createStack({
  port: env.data.PORT,
  host: env.data.HOST,
  dataDir: env.data.DATA_DIR,
  skipWebBuild: env.data.SKIP_WEB_BUILD === '1',
  seedDemoData: env.data.SEED_DEMO_DATA === '1',
  replicas: {
    ...(env.data.MESSAGING_REPLICAS ? { messaging: env.data.MESSAGING_REPLICAS } : {}),
    ...env.data.REPLICAS,
  },
});
let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  say('stopping…');
  await stack.stop();
  say('stopped');
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(0));

try {
  const info = await stack.start();
  const lines = [
    '',
    `NomadSwap is running at ${info.url}`,
    `Admin login: ${info.adminEmail} / ${info.adminPassword}${info.adminPasswordGenerated ? `  (generated, kept in ${info.dataDir}/secrets.json)` : ''}`,
    `Data: ${info.dataDir}   Press Ctrl-C to stop.`,
    '',
  ];
  for (const line of lines) say(line);
} catch (error) {
  console.error(`\nCould not start NomadSwap: ${(error as Error).message}`);
  await shutdown(1);
}
