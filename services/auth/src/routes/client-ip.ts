import type { Request } from 'express';

/** The caller's IP: behind the gateway the forwarded one (the kit's apps trust loopback proxies). */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
