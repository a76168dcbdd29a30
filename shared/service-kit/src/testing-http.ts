import http from 'node:http';

export interface PartialBodyAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The answer's body, parsed as JSON when it is JSON. */
  body: unknown;
  /** How many body bytes had been written when the answer came. */
  sentBytes: number;
}

/**
 * Sends a JSON-looking body that never ends (`declaredBytes` as Content-Length, else chunked) and resolves with
 * the answer as soon as the server gives one, before or after `stopAfterBytes` have been written (writing then
 * stops, the body stays unfinished). A server that waits for the whole body never answers: the promise rejects
 * after `timeoutMs`. For tests of limits that must hold without reading (or buffering) a whole body.
 */
export function answerToUnfinishedBody(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    declaredBytes?: number;
    stopAfterBytes: number;
    timeoutMs?: number;
  },
): Promise<PartialBodyAnswer> {
  const chunk = Buffer.alloc(64 * 1024, 'a');
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
    if (options.declaredBytes !== undefined) headers['content-length'] = String(options.declaredBytes);
    const req = http.request(url, { method: options.method ?? 'POST', headers });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no answer within ${options.timeoutMs ?? 5_000} ms after ${sent} bytes`));
    }, options.timeoutMs ?? 5_000);
    req.on('response', (res) => {
      answered = true;
      const sentBytes = sent;
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        const text = Buffer.concat(parts).toString('utf8');
        let body: unknown = text;
        if (String(res.headers['content-type']).includes('json')) body = JSON.parse(text) as unknown;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, sentBytes });
      });
    });
    // A server answering early may close while bytes are still in flight; only an error without an answer counts.
    req.on('error', (error) => {
      if (answered) return;
      clearTimeout(timer);
      reject(error);
    });
    req.write('{"text":"');
    const pump = () => {
      while (!answered && sent < options.stopAfterBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

/** An app (or request listener) listening on a free loopback port, for tests that need a real socket. */
export async function listenOnFreePort(
  listener: http.RequestListener,
): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
