/**
 * The hostile replies a source may send, as data: each names what the server does and what the
 * engine must make of it (the failure code and the words a user reads). The same catalogue runs
 * against every HTTP source (hostile-sources.int.test.ts), so a hardening rule is proven for all of
 * them, not for one plugin.
 */
import type { FakeReply } from '../fakes/http-server';

/** Addresses a hostile reply may point the engine at. */
export interface HostileContext {
  /** A second loopback server standing for an internal service: it must never be reached. */
  internalUrl: string;
}

export interface HostileCase {
  name: string;
  reply(context: HostileContext): FakeReply;
  /** The failure code every failure of the run carries. */
  code: string;
  /** What the failure message says (one line, readable). */
  message: RegExp;
  /** The message names the source's own server (the proxy's host:port). Default true. */
  namesServer?: boolean;
  /** A reply shape check: it needs the source's wire schema (a plugin's `wire.ts`). */
  needsWireSchema?: boolean;
}

const MB = 1024 * 1024;

/** Writes `total` bytes of `chunk` respecting back-pressure, stopping when the client goes away. */
function streamBody(total: number, chunk: Buffer, pauseMs = 0): NonNullable<FakeReply['respond']> {
  return (response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    let sent = 0;
    let stopped = false;
    response.on('close', () => {
      stopped = true;
    });
    const pump = (): void => {
      while (!stopped && sent < total) {
        sent += chunk.length;
        const more = response.write(chunk);
        if (pauseMs > 0) {
          setTimeout(pump, pauseMs);
          return;
        }
        if (!more) {
          response.once('drain', pump);
          return;
        }
      }
      if (!stopped) {
        response.end();
      }
    };
    response.write('{"data":[');
    pump();
  };
}

/** JSON nested `depth` levels deep: `{"a":{"a":...}}`. */
function deeplyNested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

export const HOSTILE_CASES: readonly HostileCase[] = [
  {
    name: 'malformed JSON',
    reply: () => ({ headers: { 'content-type': 'application/json' }, body: '{"data": [{"id": ' }),
    code: 'malformed_body',
    message: /malformed reply from .*: not JSON \(application\/json, \d+ bytes: /,
  },
  {
    name: 'an HTML page with a 200 and the wrong content type',
    reply: () => ({
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: '<html><script>alert(document.cookie)</script>Maintenance</html>',
    }),
    code: 'malformed_body',
    message: /not JSON \(text\/html; charset=utf-8, \d+ bytes/,
  },
  {
    name: 'a 200 JSON reply that is not the source reply shape',
    reply: () => ({ body: { message: 'Service temporarily under maintenance' } }),
    code: 'malformed_body',
    message: /malformed reply from /,
    needsWireSchema: true,
  },
  {
    name: '429 with a Retry-After of a day',
    reply: () => ({ status: 429, headers: { 'retry-after': '86400' }, body: {} }),
    code: 'rate_limited',
    message: /rate limited by .*: retry after \d{4}-\d\d-\d\dT[\d:.]+Z \(in 24 h\)/,
  },
  {
    name: '500',
    reply: () => ({ status: 500, body: 'Internal Server Error' }),
    code: 'http_status',
    message: /^HTTP 500 from /,
  },
  {
    name: 'a redirect loop',
    reply: () => ({ status: 302, headers: { location: '/loop-a' } }),
    code: 'network',
    message: /redirect loop|more than \d+ redirects/,
  },
  {
    name: 'a redirect chain longer than the redirect limit',
    reply: () => ({ status: 302, headers: { location: `/hop-${Math.random().toString(36).slice(2)}` } }),
    code: 'network',
    message: /more than 5 redirects/,
  },
  {
    name: 'a redirect to a data: URL',
    reply: () => ({ status: 302, headers: { location: 'data:application/json,{"data":[]}' } }),
    code: 'destination_refused',
    message: /^refused to connect to a data: URL: only http and https destinations are followed$/,
    namesServer: false,
  },
  {
    name: 'a redirect to a file: URL',
    reply: () => ({ status: 301, headers: { location: 'file:///etc/passwd' } }),
    code: 'destination_refused',
    message: /^refused to connect to a file: URL/,
    namesServer: false,
  },
  {
    name: 'a redirect to another loopback server',
    reply: ({ internalUrl }) => ({ status: 307, headers: { location: `${internalUrl}/admin` } }),
    code: 'destination_refused',
    message: /^refused to connect to http:\/\/127\.0\.0\.1:\d+\/admin: 127\.0\.0\.1 is loopback$/,
    namesServer: false,
  },
  {
    name: 'a redirect to a name that resolves to loopback',
    reply: ({ internalUrl }) => ({
      status: 302,
      headers: { location: internalUrl.replace('127.0.0.1', 'localhost') },
    }),
    code: 'destination_refused',
    message: /^refused to connect to localhost: it resolves only to non-public addresses \(.*loopback.*\)$/,
    namesServer: false,
  },
  {
    name: 'a redirect to the link-local metadata address',
    reply: () => ({ status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } }),
    code: 'destination_refused',
    message: /169\.254\.169\.254 is link-local$/,
    namesServer: false,
  },
  {
    name: 'a redirect to a private address',
    reply: () => ({ status: 303, headers: { location: 'http://10.0.0.10:8080/' } }),
    code: 'destination_refused',
    message: /10\.0\.0\.10 is private$/,
    namesServer: false,
  },
  {
    name: 'a redirect to loopback written as one decimal number',
    reply: ({ internalUrl }) => ({
      status: 302,
      headers: { location: `http://2130706433:${new URL(internalUrl).port}/` },
    }),
    code: 'destination_refused',
    message: /127\.0\.0\.1 is loopback$/,
    namesServer: false,
  },
  {
    name: 'a redirect to loopback written in hexadecimal parts',
    reply: ({ internalUrl }) => ({
      status: 302,
      headers: { location: `http://0x7f.0.0.1:${new URL(internalUrl).port}/` },
    }),
    code: 'destination_refused',
    message: /127\.0\.0\.1 is loopback$/,
    namesServer: false,
  },
  {
    name: 'a redirect to an IPv4-mapped IPv6 loopback literal',
    reply: ({ internalUrl }) => ({
      status: 302,
      headers: { location: `http://[::ffff:127.0.0.1]:${new URL(internalUrl).port}/` },
    }),
    code: 'destination_refused',
    message: /is loopback \(embedded IPv4\)$/,
    namesServer: false,
  },
  {
    name: 'a redirect to the IPv6 loopback',
    reply: () => ({ status: 302, headers: { location: 'http://[::1]:8080/' } }),
    code: 'destination_refused',
    message: /::1 is loopback$/,
    namesServer: false,
  },
  {
    name: 'a redirect to a 10 KB URL on a private address',
    reply: () => ({ status: 302, headers: { location: `http://192.168.1.1/${'a'.repeat(10_000)}` } }),
    code: 'destination_refused',
    message: /^refused to connect to http:\/\/192\.168\.1\.1\/a+…: 192\.168\.1\.1 is private$/,
    namesServer: false,
  },
  {
    name: 'a 50 MB body',
    reply: () => ({ respond: streamBody(50 * MB, Buffer.alloc(64 * 1024, 0x20)) }),
    code: 'too_large',
    message: /^reply from .* is larger than \d+ bytes$/,
  },
  {
    name: 'a body that never ends',
    reply: () => ({ respond: streamBody(Number.POSITIVE_INFINITY, Buffer.from(' '), 50) }),
    code: 'timeout',
    message: /^no complete reply from .* within \d+ ms$/,
  },
  {
    name: 'a connection reset in the middle of the body',
    reply: () => ({
      respond: (response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000' });
        response.write('{"data":[{"id":"half');
        setTimeout(() => response.socket?.destroy(), 20);
      },
    }),
    code: 'network',
    message: /^cannot reach .*: /,
  },
  {
    name: 'NUL bytes in the body',
    reply: () => ({
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{"data":[{"id":"a\u0000b","name":"\u0000\u0000"}]}', 'utf8'),
    }),
    code: 'malformed_body',
    message: /invalid JSON at position \d+/,
  },
  {
    name: 'invalid UTF-8',
    reply: () => ({
      headers: { 'content-type': 'application/json' },
      body: Buffer.concat([
        Buffer.from('{"data":[{"name":"'),
        Buffer.from([0xc3, 0x28, 0xff, 0xfe]),
        Buffer.from('"}]}'),
      ]),
    }),
    code: 'malformed_body',
    message: /the body is not valid UTF-8$/,
  },
  {
    name: 'JSON nested 100,000 levels deep',
    reply: () => ({ headers: { 'content-type': 'application/json' }, body: deeplyNested(100_000) }),
    code: 'malformed_body',
    message: /JSON nested deeper than \d+ levels$/,
  },
];

/** Markup a hostile source puts into every free-text field of an otherwise well-formed reply. */
export const MARKUP = '<img src=x onerror=alert(1)><script>alert("xss")</script>';

/**
 * A copy of a parsed JSON reply with MARKUP appended to every free-text string (one with a space
 * or a character outside those of identifiers and URLs). Identifiers, codes, dates and links are
 * kept, so the reply still reads as a record and its text reaches the graph.
 */
export function withMarkupInEveryField(value: unknown): unknown {
  if (typeof value === 'string') {
    return /^[\w:/.@+\-?=&%[\]#~]*$/.test(value) ? value : `${value}${MARKUP}`;
  }
  if (Array.isArray(value)) {
    return value.map(withMarkupInEveryField);
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, withMarkupInEveryField(item)]),
    );
  }
  return value;
}
