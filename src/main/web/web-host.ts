/**
 * The loopback web host: serves the browser build of the renderer and binds the app services to a
 * WebSocket on 127.0.0.1. Every socket must present the per-launch token (as a WebSocket
 * subprotocol, never in a URL) and come from the host's own origin; requests are validated by the
 * app services exactly as over Electron IPC.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { WebSocketServer } from 'ws';
import { fail } from '../../shared/ipc/result';
import type { Logger } from '../../engine/index';
import type { AppServices } from '../app-services/app-services';

/** The subprotocol the bridge offers, and the prefix of the one carrying the token. */
export const WEB_PROTOCOL = 'trace-graph';
export const TOKEN_PROTOCOL_PREFIX = 'tg-token.';
export const SOCKET_PATH = '/ws';

export interface WebHostOptions {
  services: AppServices;
  /** Directory of the browser build (out/web). */
  staticDir: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Defaults to 32 random bytes, hex. */
  token?: string;
  logger: Logger;
  /** Largest accepted WebSocket message (default 32 MiB: saved positions of big graphs). */
  maxMessageBytes?: number;
  /** Connection bounds (defaults: CONNECTION_LIMITS). */
  limits?: Partial<ConnectionLimits>;
}

/**
 * What one process of the web host serves at once (issue 24: 21,000 idle connections exhausted
 * its descriptors; 20,000 requests on one socket grew it by 900 MB). A connection that has not
 * sent its request headers within `headersTimeoutMs`, or stays idle for `idleTimeoutMs`, is
 * closed; past `maxConnections` new ones are refused by the kernel's backlog; past
 * `maxSockets` authenticated sockets a new one is refused with 503; a socket with
 * `maxInFlightPerSocket` unanswered requests gets each further one answered at once with an
 * `unavailable` error saying so, so memory is bounded per socket and returns after a flood.
 */
export interface ConnectionLimits {
  headersTimeoutMs: number;
  idleTimeoutMs: number;
  maxConnections: number;
  maxSockets: number;
  maxInFlightPerSocket: number;
}

export const CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  idleTimeoutMs: 30_000,
  maxConnections: 256,
  maxSockets: 32,
  maxInFlightPerSocket: 64,
};

export interface WebHost {
  /** `http://127.0.0.1:<port>/` */
  readonly origin: string;
  /** The address to open: the origin with `#token=<token>`. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? randomBytes(32).toString('hex');
  const staticRoot = path.resolve(options.staticDir);
  let port = 0;
  const allowedHosts = (): string[] => [`127.0.0.1:${port}`, `localhost:${port}`];
  const allowedOrigins = (): string[] => allowedHosts().map((host) => `http://${host}`);

  const securityHeaders = (): Record<string, string> => ({
    'content-security-policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      `connect-src 'self' ws://127.0.0.1:${port} ws://localhost:${port}`,
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'none'",
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
  });

  const serveStatic = async (request: http.IncomingMessage, response: http.ServerResponse): Promise<void> => {
    // A foreign Host header means DNS rebinding: refuse before serving anything.
    if (!allowedHosts().includes(request.headers.host ?? '')) {
      response.writeHead(403, { 'content-type': 'text/plain' }).end('forbidden host');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    const relative = pathname === '/' ? 'index.html' : pathname.replace(/^\/+/, '');
    const file = path.resolve(staticRoot, relative);
    if (file !== staticRoot && !file.startsWith(`${staticRoot}${path.sep}`)) {
      response.writeHead(404).end();
      return;
    }
    try {
      if (!(await stat(file)).isFile()) {
        throw new Error('not a file');
      }
      const body = await readFile(file);
      response.writeHead(200, {
        'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
        ...securityHeaders(),
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  };

  const limits: ConnectionLimits = { ...CONNECTION_LIMITS, ...options.limits };
  const server = http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.headersTimeoutMs * 3,
      keepAliveTimeout: Math.min(5_000, limits.idleTimeoutMs),
      connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
    },
    (request, response) => {
      serveStatic(request, response).catch((error: unknown) => {
        options.logger.error('static file failed', { error: String(error) });
        response.destroy();
      });
    },
  );

  server.maxConnections = limits.maxConnections;
  // A connection that sends nothing (not even a request line) is closed when idle this long.
  server.setTimeout(limits.idleTimeoutMs, (socket) => socket.destroy());

  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: options.maxMessageBytes ?? 32 * 1024 * 1024,
    handleProtocols: (protocols) => (protocols.has(WEB_PROTOCOL) ? WEB_PROTOCOL : false),
  });

  const refuse = (socket: Duplex, reason: string): void => {
    options.logger.warn('web socket refused', { reason });
    socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  };

  server.on('upgrade', (request, socket, head) => {
    const pathname = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (pathname !== SOCKET_PATH) {
      refuse(socket, 'path');
      return;
    }
    if (!allowedHosts().includes(request.headers.host ?? '')) {
      refuse(socket, 'host');
      return;
    }
    if (!allowedOrigins().includes(request.headers.origin ?? '')) {
      refuse(socket, 'origin');
      return;
    }
    const offered = (request.headers['sec-websocket-protocol'] ?? '').split(',').map((item) => item.trim());
    const presented = offered.find((item) => item.startsWith(TOKEN_PROTOCOL_PREFIX));
    if (presented === undefined || !sameSecret(presented.slice(TOKEN_PROTOCOL_PREFIX.length), token)) {
      refuse(socket, 'token');
      return;
    }
    if (sockets.clients.size >= limits.maxSockets) {
      options.logger.warn('web socket refused', { reason: 'too many sockets' });
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    // An upgraded socket is the app's own: the idle timeout of plain requests no longer applies.
    (socket as Socket).setTimeout(0);
    sockets.handleUpgrade(request, socket, head, (ws) => bindSocket(ws));
  });

  const bindSocket = (ws: WebSocket): void => {
    const send = (message: unknown): void => {
      if (ws.readyState === ws.OPEN) {
        ws.send(JSON.stringify(message));
      }
    };
    const unsubscribe = options.services.subscribe((event, payload) =>
      send({ type: 'event', event, payload }),
    );
    let inFlight = 0;
    ws.on('close', unsubscribe);
    ws.on('error', (error) => options.logger.warn('web socket error', { error: String(error) }));
    ws.on('message', (data, isBinary) => {
      let message: unknown;
      try {
        const text = Array.isArray(data)
          ? Buffer.concat(data).toString('utf8')
          : data instanceof ArrayBuffer
            ? Buffer.from(data).toString('utf8')
            : data.toString('utf8');
        message = isBinary ? undefined : JSON.parse(text);
      } catch {
        message = undefined;
      }
      const envelope = message as
        { type?: unknown; id?: unknown; channel?: unknown; request?: unknown } | undefined;
      if (envelope?.type !== 'invoke' || typeof envelope.id !== 'number') {
        send({ type: 'error', result: fail('invalid_request', 'malformed message') });
        return;
      }
      const id = envelope.id;
      if (inFlight >= limits.maxInFlightPerSocket) {
        send({
          type: 'result',
          id,
          result: fail(
            'unavailable',
            `too many requests in flight on this connection (${limits.maxInFlightPerSocket}); wait for answers before sending more`,
          ),
        });
        return;
      }
      inFlight += 1;
      void options.services
        .invoke(envelope.channel, envelope.request)
        .then((result) => send({ type: 'result', id, result }))
        .finally(() => {
          inFlight -= 1;
        });
    });
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}/`;

  return {
    origin,
    url: `${origin}#token=${token}`,
    port,
    close: async () => {
      for (const client of sockets.clients) {
        client.terminate();
      }
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
