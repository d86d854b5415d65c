/**
 * The web host's connection bounds on loopback, with small counts: a connection that sends
 * nothing is closed, authenticated sockets are capped, a socket flooding requests gets a clear
 * refusal for each one past its in-flight bound, and the host answers normally after the flood.
 */
import { rm } from 'node:fs/promises';
import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { silentLogger } from '../../engine/index';
import type { AppServices } from '../app-services/app-services';
import { startWebHost, type WebHost } from './web-host';
import { connectAppSocket, staticDirWithIndex } from '../../../test/support/web-host-socket';

const TOKEN = 'c'.repeat(64);
let dir: string;
let host: WebHost;
/** Requests the services hold unanswered until released. */
const held: (() => void)[] = [];

const services: AppServices = {
  invoke: (channel) =>
    channel === 'cases:list'
      ? Promise.resolve({ ok: true, value: [] })
      : new Promise((resolve) => held.push(() => resolve({ ok: true, value: {} }))),
  subscribe: () => () => undefined,
  close: () => Promise.resolve(),
};

const connect = (): Promise<WebSocket> => connectAppSocket(host.port, TOKEN);

beforeEach(async () => {
  dir = await staticDirWithIndex('web-limits-');
  held.length = 0;
  host = await startWebHost({
    services,
    staticDir: dir,
    token: TOKEN,
    logger: silentLogger,
    limits: { headersTimeoutMs: 300, idleTimeoutMs: 300, maxSockets: 3, maxInFlightPerSocket: 5 },
  });
});

afterEach(async () => {
  held.splice(0).forEach((release) => release());
  await host.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the web host under a flood', () => {
  it('closes a connection that sends nothing', async () => {
    const socket = net.connect(host.port, '127.0.0.1');
    const closed = await new Promise<boolean>((resolve) => {
      socket.once('close', () => resolve(true));
      setTimeout(() => resolve(false), 5_000);
    });
    expect(closed).toBe(true);
  });

  it('keeps an authenticated socket open past the idle timeout', async () => {
    const socket = await connect();
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });

  it('refuses an authenticated socket past the cap with 503', async () => {
    const open = await Promise.all([connect(), connect(), connect()]);
    await expect(connect()).rejects.toThrow('503');
    open.forEach((socket) => socket.close());
  });

  it('answers requests past the in-flight bound of a socket at once with a clear error, and the socket works after', async () => {
    const socket = await connect();
    const answers: { id: number; result: { ok: boolean; error?: { code: string; message: string } } }[] = [];
    socket.on('message', (data: Buffer) => answers.push(JSON.parse(data.toString('utf8')) as never));
    for (let id = 1; id <= 200; id += 1) {
      socket.send(JSON.stringify({ type: 'invoke', id, channel: 'cases:open', request: {} }));
    }
    await expect.poll(() => answers.length, { timeout: 5_000 }).toBe(195);
    expect(answers.every((answer) => answer.id > 5 && answer.result.error?.code === 'unavailable')).toBe(
      true,
    );
    expect(answers[0]?.result.error?.message).toBe(
      'too many requests in flight on this connection (5); wait for answers before sending more',
    );
    held.splice(0).forEach((release) => release());
    await expect.poll(() => answers.length, { timeout: 5_000 }).toBe(200);
    answers.length = 0;
    socket.send(JSON.stringify({ type: 'invoke', id: 201, channel: 'cases:list', request: {} }));
    await expect.poll(() => answers[0], { timeout: 5_000 }).toMatchObject({ id: 201, result: { ok: true } });
    socket.close();
  });
});
