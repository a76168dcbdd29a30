import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

/** Every response body the suite received from the app, for the scans in the setup file. */
export const recordedResponses: { method: string; url: string; status: number; body: Buffer }[] = [];

type Chunk = string | Buffer | Uint8Array;
const toBuffer = (chunk: Chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));

/** How often this test file used a recording app: a file that used one and recorded nothing has a broken recorder. */
export const recording = { uses: 0 };

/** Wraps the app so that each response body is recorded as it is sent. */
export function recordResponses(app: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    // Routers rewrite req.url while handling; keep the one the client asked for.
    const url = req.url ?? '';
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.write = ((chunk: Chunk, ...rest: unknown[]) => {
      if (chunk !== undefined && typeof chunk !== 'function') chunks.push(toBuffer(chunk));
      return write(chunk, ...rest);
    }) as ServerResponse['write'];
    res.end = ((chunk?: Chunk | (() => void), ...rest: unknown[]) => {
      if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(toBuffer(chunk));
      recordedResponses.push({
        method: req.method ?? '',
        url,
        status: res.statusCode,
        body: Buffer.concat(chunks),
      });
      return end(chunk, ...rest);
    }) as ServerResponse['end'];
    app(req, res);
  };
}
