import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { REQUEST_ID_HEADER } from '@nomadswap/contracts/headers';
import { redactLoggedUrl } from '@nomadswap/service-kit/logger';

/**
 * One access-log line per request, in pino-http's shape (`req.method`, `req.url`, `res.statusCode`,
 * `responseTime`, which the launcher prints as `GET /api/items → 200 (3 ms)`; a position in the URL redacted), written with the root logger:
 * pino-http builds a child logger and serialisers per request, which was the largest allocation on the
 * gateway's hot path.
 */
export function logAccess(
  logger: Logger,
  req: IncomingMessage,
  res: ServerResponse,
  options: { quiet?: (url: string) => boolean } = {},
) {
  if (!logger.isLevelEnabled('info')) return;
  const started = performance.now();
  const method = req.method;
  const url = redactLoggedUrl(req.url ?? '');
  if (options.quiet?.(url)) return;
  // One 'close' listener (emitted after 'finish', or alone when the connection dropped first) rather than a
  // 'finish' and a 'close' listener that remove each other: the access log is on every request.
  res.once('close', () => {
    if (res.writableFinished) {
      logger.info(
        {
          reqId: req.headers[REQUEST_ID_HEADER],
          req: { method, url },
          res: { statusCode: res.statusCode },
          responseTime: Math.round((performance.now() - started) * 10) / 10,
        },
        res.statusCode >= 500 ? 'request failed' : 'request completed',
      );
    } else {
      logger.warn({ reqId: req.headers[REQUEST_ID_HEADER], req: { method, url } }, 'request aborted');
    }
  });
}
