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
import type { RawData, WebSocket } from 'ws';
import { WebSocketServer } from 'ws';
import { fail } from '../../shared/ipc/result';
import { splitResult } from '../../shared/ipc/result-parts';
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
  /**
   * Items per part of a large reply (default PART_ITEMS; shared/ipc/result-parts.ts). Infinity
   * sends every reply whole, as builds before parts expect (bench/open-case.ts serves one).
   */
  partItems?: number;
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

/**
 * Starts the host. Its pieces: `serveStatic` (the browser build, with `securityHeaders`),
 * `upgradeRefusal` (path, Host, Origin, token and socket-count checks of a WebSocket upgrade),
 * `bindSocket` (a socket's requests to the app services, bounded in flight); the services' events
 * are encoded once and sent to every socket.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? randomBytes(32).toString('hex');
  const staticRoot = path.resolve(options.staticDir);
  // The port is known once listening; every check reads it then.
  const loopback: Loopback = { port: 0 };
  const limits: ConnectionLimits = { ...CONNECTION_LIMITS, ...options.limits };
  const server = http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.headersTimeoutMs * 3,
      keepAliveTimeout: Math.min(5_000, limits.idleTimeoutMs),
      connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
    },
    (request, response) => {
      serveStatic(staticRoot, loopback, request, response).catch((error: unknown) => {
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

  server.on('upgrade', (request, socket, head) => {
    const refusal = upgradeRefusal(request, loopback, token);
    if (refusal !== undefined) {
      options.logger.warn('web socket refused', { reason: refusal });
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    if (sockets.clients.size >= limits.maxSockets) {
      options.logger.warn('web socket refused', { reason: 'too many sockets' });
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    // An upgraded socket is the app's own: the idle timeout of plain requests no longer applies.
    (socket as Socket).setTimeout(0);
    sockets.handleUpgrade(request, socket, head, (ws) => bindSocket(ws, options, limits));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  loopback.port = port;
  const origin = `http://127.0.0.1:${port}/`;
  // Every socket gets every event, encoded once for all of them: a graph delta can carry a
  // record holding a 10 MB reply, and encoding it once per socket multiplied that block.
  const unsubscribe = options.services.subscribe((event, payload) => {
    if (sockets.clients.size === 0) {
      return;
    }
    const text = JSON.stringify({ type: 'event', event, payload });
    for (const client of sockets.clients) {
      if (client.readyState === client.OPEN) {
        client.send(text);
      }
    }
  });

  return {
    origin,
    url: `${origin}#token=${token}`,
    port,
    close: async () => {
      unsubscribe();
      for (const client of sockets.clients) {
        client.terminate();
      }
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The port the host listens on (0 until it listens). */
interface Loopback {
  port: number;
}

/** The Host header values the host answers: anything else is DNS rebinding. */
function allowedHosts({ port }: Loopback): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

function allowedOrigins(loopback: Loopback): string[] {
  return allowedHosts(loopback).map((host) => `http://${host}`);
}

function securityHeaders({ port }: Loopback): Record<string, string> {
  return {
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
  };
}

/** A file of the browser build, for GET and HEAD from the host's own Host only. */
async function serveStatic(
  staticRoot: string,
  loopback: Loopback,
  request: http.IncomingMessage,
  response: http.ServerResponse,
): Promise<void> {
  // A foreign Host header means DNS rebinding: refuse before serving anything.
  if (!allowedHosts(loopback).includes(request.headers.host ?? '')) {
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
      ...securityHeaders(loopback),
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  } catch {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }
}

/** Why a WebSocket upgrade is refused (path, host, origin, token), or undefined to accept it. */
function upgradeRefusal(
  request: http.IncomingMessage,
  loopback: Loopback,
  token: string,
): string | undefined {
  const pathname = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
  if (pathname !== SOCKET_PATH) {
    return 'path';
  }
  if (!allowedHosts(loopback).includes(request.headers.host ?? '')) {
    return 'host';
  }
  if (!allowedOrigins(loopback).includes(request.headers.origin ?? '')) {
    return 'origin';
  }
  const offered = (request.headers['sec-websocket-protocol'] ?? '').split(',').map((item) => item.trim());
  const presented = offered.find((item) => item.startsWith(TOKEN_PROTOCOL_PREFIX));
  if (presented === undefined || !sameSecret(presented.slice(TOKEN_PROTOCOL_PREFIX.length), token)) {
    return 'token';
  }
  return undefined;
}

/** An accepted socket: its requests go to the app services (bounded in flight); events reach it from startWebHost. */
function bindSocket(
  ws: WebSocket,
  { services, logger, partItems }: Pick<WebHostOptions, 'services' | 'logger' | 'partItems'>,
  limits: ConnectionLimits,
): void {
  const send = (message: unknown): void => {
    if (ws.readyState === ws.OPEN) {
      ws.send(JSON.stringify(message));
    }
  };
  let inFlight = 0;
  ws.on('error', (error) => logger.warn('web socket error', { error: String(error) }));
  ws.on('message', (data, isBinary) => {
    const envelope = invokeEnvelope(data, isBinary);
    if (envelope === undefined) {
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
    void services
      .invoke(envelope.channel, envelope.request)
      .then((result) => {
        // A large reply's long arrays go first, in parts the page parses one per task.
        const { skeleton, parts } = splitResult(result, partItems);
        for (const part of parts) {
          send({ type: 'part', id, path: part.path, items: part.items });
        }
        send({ type: 'result', id, result: skeleton, ...(parts.length > 0 ? { parts: parts.length } : {}) });
      })
      .finally(() => {
        inFlight -= 1;
      });
  });
}

/** A socket message as an invoke request with a numeric id, or undefined when it is not one. */
function invokeEnvelope(
  data: RawData,
  isBinary: boolean,
): { id: number; channel?: unknown; request?: unknown } | undefined {
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
    return undefined;
  }
  return { id: envelope.id, channel: envelope.channel, request: envelope.request };
}
