/**
 * A fake HTTP server on 127.0.0.1 (random port) for integration and conformance tests. Routes are
 * functions of the request; every request is logged with its arrival time so tests can check
 * rate limits and "zero requests" claims.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  /** Path with query string, e.g. `/api/v1/lei-records/X?x=1`. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Arrival time (Date.now()). */
  at: number;
}

export interface FakeReply {
  status?: number;
  headers?: Record<string, string>;
  /** Objects are sent as JSON; strings and buffers as they are. */
  body?: unknown;
  /** Wait this long before replying (for timeout tests). */
  delayMs?: number;
  /** Destroy the socket instead of replying. */
  destroy?: boolean;
  /**
   * Write the reply by hand (hostile replies: a body cut by a reset, a body that never ends). The
   * fake calls it instead of writing `status`/`headers`/`body`.
   */
  respond?: (response: http.ServerResponse, request: http.IncomingMessage) => void;
}

export type FakeRoute = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export interface FakeHttpServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly requests: FakeRequest[];
  /** Replace the router (e.g. to script a failure). */
  setRoute(route: FakeRoute): void;
  close(): Promise<void>;
}

export async function startFakeHttpServer(route: FakeRoute): Promise<FakeHttpServer> {
  let current = route;
  const requests: FakeRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const parsed = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        path: parsed.pathname,
        query: parsed.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      requests.push(request);
      void Promise.resolve()
        .then(() => current(request))
        .then(async (reply) => {
          if (reply.delayMs) {
            await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
          }
          if (reply.destroy) {
            req.socket.destroy();
            return;
          }
          if (reply.respond) {
            reply.respond(res, req);
            return;
          }
          const isRaw = typeof reply.body === 'string' || Buffer.isBuffer(reply.body);
          const body =
            reply.body === undefined
              ? ''
              : isRaw
                ? (reply.body as string | Buffer)
                : JSON.stringify(reply.body);
          res.writeHead(reply.status ?? 200, {
            'content-type': isRaw ? 'text/plain; charset=utf-8' : 'application/json',
            ...reply.headers,
          });
          res.end(body);
        })
        .catch((error: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(String(error));
        });
    });
  });
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setRoute: (next) => {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
