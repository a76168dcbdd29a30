import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));

const url = z.url({ error: 'must be a URL such as http://127.0.0.1:4001' });

/**
 * A service's upstreams: one URL, or several separated by commas (replicas the gateway balances across).
 * Each entry is checked on its own, so the error names the bad one.
 */
const upstreamList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ''),
    )
    .pipe(
      z
        .array(
          z.url({
            protocol: /^https?$/,
            error: (issue) =>
              `has "${String(issue.input)}", which is not a URL (use http://host:port[,http://host:port…])`,
          }),
        )
        .min(1, { error: 'must list at least one URL' }),
    );

const gatewayEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_URL: upstreamList('http://127.0.0.1:4001'),
  ITEMS_URL: upstreamList('http://127.0.0.1:4002'),
  MESSAGING_URL: upstreamList('http://127.0.0.1:4003'),
  MODERATION_URL: upstreamList('http://127.0.0.1:4004'),
  /**
   * Every this often the gateway resolves the host names in the four upstream lists and balances over every
   * address they resolve to (docker-compose: a service name resolves to all its replicas). 0 (the default) takes
   * the lists as they are: `npm start` lists each replica's port, Kubernetes each messaging pod's name.
   */
  UPSTREAM_DISCOVERY_MS: z.coerce.number().int().min(0).default(0),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  WEB_DIST: z.string().default(path.resolve(here, '../../web/dist')),
  /** How long a proxied request may take before the gateway answers 504 (image uploads are the slow ones). */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /**
   * Requests one gateway may have open towards one service replica; more are answered 503 with Retry-After at
   * once (bounded memory under overload). At most the upstream agent's maxSockets (512), so none waits in the
   * agent's queue, where the time-out does not run.
   */
  UPSTREAM_MAX_IN_FLIGHT: z.coerce.number().int().positive().max(512).default(256),
  /**
   * Requests one client address may have open through the gateway's API path at once; more are answered 429
   * with Retry-After at once. Well below UPSTREAM_MAX_IN_FLIGHT, so one client cannot take a service's places.
   */
  CLIENT_MAX_IN_FLIGHT: z.coerce.number().int().positive().max(256).default(32),
  /** A request whose headers are not complete after this long is answered 408 and closed (node's headersTimeout). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** A request body that sends nothing for this long is answered 408 and closed (slow but steady uploads pass). */
  BODY_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** The whole request, headers and body, must have arrived within this (node's requestTimeout). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  /** Each service's /healthz must answer within this for /api/health to call it up. */
  HEALTH_TIMEOUT_MS: z.coerce.number().int().positive().default(800),
  /**
   * Server-rendered visitor pages (src/ssr.ts): the items call a page waits for at most before the plain shell
   * is served instead, and how long a rendered page is reused for the same URL.
   */
  SSR_TIMEOUT_MS: z.coerce.number().int().positive().default(250),
  SSR_CACHE_MS: z.coerce.number().int().min(0).default(5_000),
  /** Pages one client address may have server-rendered per minute (cached pages are free); past it, the shell. */
  SSR_RENDERS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Requests per minute per client IP across /api (a coarse flood guard; routes add their own limits). */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  /**
   * Attempts per client address per hour on the upload routes together (registration, avatars, item photos),
   * counted before the body is read; over it, 429 at once. The services' own limits (REGISTER_LIMIT_PER_HOUR)
   * still apply behind it.
   */
  UPLOAD_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(120),
  /** Reverse-geocoding origin the web app may call (CSP connect-src). */
  GEOCODER_ORIGIN: url.default('https://nominatim.openstreetmap.org'),
  /** Support address the web app shows (footer, contact, legal pages), served at GET /api/config. */
  SUPPORT_EMAIL: z
    .email({ error: 'must be an e-mail address such as support@example.com' })
    .default('support@nomadswap.example'),
});

/** Node refuses a request timeout shorter than the headers timeout; say so at start, naming the variable. */
export const GatewayEnvSchema = gatewayEnv.refine((env) => env.REQUEST_TIMEOUT_MS >= env.HEADERS_TIMEOUT_MS, {
  path: ['REQUEST_TIMEOUT_MS'],
  error: 'must be at least HEADERS_TIMEOUT_MS',
});
export type GatewayConfig = z.infer<typeof GatewayEnvSchema>;

/** Reads and validates the gateway's environment; the error names each bad variable. */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const parsed = GatewayEnvSchema.safeParse(env);
  if (!parsed.success) {
    // A list entry's path ends in its index; the variable's name is what the operator needs.
    const lines = parsed.error.issues.map((i) => `${String(i.path[0] ?? '')} ${i.message}`);
    throw new Error(`Invalid gateway configuration: ${lines.join('; ')}`);
  }
  return parsed.data;
}
