/**
 * A fake WHOIS server set on 127.0.0.1: one TCP port per server name, replaying raw reply bytes
 * from a directory laid out as `<server>/<query>.txt`, with a fake IANA that refers a TLD to the
 * recorded server holding its domains, scripted bad behaviour, and a log of every query.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface FakeWhoisQuery {
  server: string;
  /** The query line as received, without its line end. */
  raw: string;
  /** The query after prefixes such as `-T dn,ace ` or `domain ` were stripped. */
  query: string;
  at: number;
}

/** How a server answers a connection instead of replaying its recorded reply. */
export type FakeWhoisBehaviour =
  /** Accepts the query and never answers nor closes. */
  | { kind: 'silent' }
  /** Sends the reply one byte every `intervalMs`. */
  | { kind: 'slow'; intervalMs: number; body?: string | Buffer }
  /** Closes the connection right after the query without sending anything. */
  | { kind: 'close' }
  /** Sends `bytes` bytes of filler text, then closes. */
  | { kind: 'huge'; bytes: number }
  /** Sends these bytes, then closes. */
  | { kind: 'reply'; body: string | Buffer };

export interface FakeWhoisOptions {
  /** Directory of recorded replies: `<server>/<query>.txt`. */
  directory: string;
  /** IANA's server name (default `whois.iana.org`); it listens even without a directory. */
  ianaServer?: string;
  /** More server names to listen for (answered by behaviours or "no match"). */
  extraServers?: string[];
  /** TLD to the server IANA names for it, where the recorded replies do not tell. */
  ianaReferrals?: Record<string, string>;
}

export interface FakeWhoisServers {
  /** Server name to `127.0.0.1:<port>`, for `config.sources.whois.servers`. */
  readonly servers: Record<string, string>;
  /** `127.0.0.1:<port>` of the fake IANA, for `config.sources.whois.ianaServer`. */
  readonly ianaAddress: string;
  readonly queries: FakeWhoisQuery[];
  /** Sets (or clears) how a server answers every connection from now on. */
  setBehaviour(server: string, behaviour: FakeWhoisBehaviour | undefined): void;
  /** Queues behaviours for the next connections to a server, before its usual answers. */
  enqueue(server: string, ...behaviours: FakeWhoisBehaviour[]): void;
  close(): Promise<void>;
}

const QUERY_PREFIXES = [/^-T\s+dn,ace\s+/i, /^domain\s+/i, /^=\s*/, /^-C\s+\S+\s+/i];

function stripQuery(raw: string): string {
  let query = raw.trim();
  for (const prefix of QUERY_PREFIXES) {
    query = query.replace(prefix, '');
  }
  return query.replace(/\/e$/, '').trim();
}

function listServers(directory: string): string[] {
  if (!existsSync(directory)) {
    return [];
  }
  return readdirSync(directory).filter((name) => statSync(path.join(directory, name)).isDirectory());
}

export async function startFakeWhoisServers(options: FakeWhoisOptions): Promise<FakeWhoisServers> {
  const iana = options.ianaServer ?? 'whois.iana.org';
  const names = [...new Set([iana, ...listServers(options.directory), ...(options.extraServers ?? [])])];
  const queries: FakeWhoisQuery[] = [];
  const behaviours = new Map<string, FakeWhoisBehaviour>();
  const queues = new Map<string, FakeWhoisBehaviour[]>();
  const sockets = new Set<net.Socket>();
  const timers = new Set<NodeJS.Timeout>();

  /**
   * The server IANA refers a TLD to: the configured one, else the recorded server holding the most
   * replies for domains of the TLD (the registry; registrars hold one or two each).
   */
  const serverForTld = (tld: string): string | undefined => {
    const configured = options.ianaReferrals?.[tld.toLowerCase()];
    if (configured !== undefined) {
      return configured;
    }
    let best: { name: string; count: number } | undefined;
    for (const name of names) {
      const folder = path.join(options.directory, name);
      if (name === iana || !existsSync(folder)) {
        continue;
      }
      const count = readdirSync(folder).filter((file) =>
        file.toLowerCase().endsWith(`.${tld.toLowerCase()}.txt`),
      ).length;
      if (count > 0 && (best === undefined || count > best.count)) {
        best = { name, count };
      }
    }
    return best?.name;
  };

  const recordedReply = (server: string, query: string): Buffer => {
    const file = path.join(options.directory, server, `${query.toLowerCase()}.txt`);
    if (!query.includes('/') && !query.includes('\\') && existsSync(file)) {
      return readFileSync(file);
    }
    if (server === iana && !query.includes('.')) {
      const referred = serverForTld(query);
      if (referred !== undefined) {
        return Buffer.from(
          `% IANA WHOIS server (fake)\n\ndomain:       ${query.toUpperCase()}\n\nrefer:        ${referred}\n\nsource:       IANA\n`,
        );
      }
    }
    return Buffer.from(`No match for "${query.toUpperCase()}".\r\n`);
  };

  const answer = (socket: net.Socket, server: string, query: string): void => {
    const queued = queues.get(server)?.shift();
    const behaviour = queued ?? behaviours.get(server);
    if (behaviour === undefined) {
      socket.end(recordedReply(server, query));
      return;
    }
    switch (behaviour.kind) {
      case 'silent':
        return;
      case 'close':
        socket.destroy();
        return;
      case 'reply':
        socket.end(Buffer.from(behaviour.body));
        return;
      case 'huge': {
        const line = Buffer.from('Filler: the fake server sends far more than any WHOIS reply holds.\n');
        let sent = 0;
        const pump = (): void => {
          while (sent < behaviour.bytes && !socket.destroyed) {
            sent += line.length;
            if (!socket.write(line)) {
              socket.once('drain', pump);
              return;
            }
          }
          socket.end();
        };
        socket.on('error', () => undefined);
        pump();
        return;
      }
      case 'slow': {
        const body =
          behaviour.body === undefined ? recordedReply(server, query) : Buffer.from(behaviour.body);
        let index = 0;
        const timer = setInterval(() => {
          if (socket.destroyed || index >= body.length) {
            clearInterval(timer);
            timers.delete(timer);
            socket.end();
            return;
          }
          socket.write(body.subarray(index, index + 1));
          index += 1;
        }, behaviour.intervalMs);
        timers.add(timer);
        return;
      }
    }
  };

  const listeners: net.Server[] = [];
  const servers: Record<string, string> = {};
  for (const name of names) {
    const listener = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
      let buffered = '';
      socket.on('data', (chunk: Buffer) => {
        if (buffered.includes('\n')) {
          return;
        }
        buffered += chunk.toString('latin1');
        const end = buffered.indexOf('\n');
        if (end === -1) {
          return;
        }
        const raw = buffered.slice(0, end).replace(/\r$/, '');
        const query = stripQuery(raw);
        queries.push({ server: name, raw, query, at: Date.now() });
        answer(socket, name, query);
      });
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const address = listener.address() as net.AddressInfo;
    servers[name] = `127.0.0.1:${address.port}`;
    listeners.push(listener);
  }

  return {
    servers,
    ianaAddress: servers[iana] ?? '',
    queries,
    setBehaviour(server, behaviour) {
      if (behaviour === undefined) {
        behaviours.delete(server);
      } else {
        behaviours.set(server, behaviour);
      }
    },
    enqueue(server, ...items) {
      queues.set(server, [...(queues.get(server) ?? []), ...items]);
    },
    async close() {
      for (const timer of timers) {
        clearInterval(timer);
      }
      for (const socket of sockets) {
        socket.destroy();
      }
      await Promise.all(
        listeners.map((listener) => new Promise<void>((resolve) => listener.close(() => resolve()))),
      );
    },
  };
}
