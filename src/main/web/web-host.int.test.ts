import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { silentLogger } from '../../engine/index';
import type { AppEventListener, AppServices } from '../app-services/app-services';
import type { WebHost } from './web-host';
import { startWebHost } from './web-host';

const TOKEN = 'a'.repeat(64);
let dir: string;
let host: WebHost;
const listeners = new Set<AppEventListener>();
const invoked: unknown[] = [];

const services: AppServices = {
  invoke: (channel, request) => {
    invoked.push([channel, request]);
    return Promise.resolve(
      channel === 'cases:list'
        ? { ok: true, value: [] }
        : { ok: false, error: { code: 'invalid_request', message: 'no' } },
    );
  },
  subscribe: (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  close: () => Promise.resolve(),
};

function connect(options: { token?: string; origin?: string }): Promise<WebSocket> {
  const protocols = ['trace-graph', ...(options.token === undefined ? [] : [`tg-token.${options.token}`])];
  const socket = new WebSocket(`ws://127.0.0.1:${host.port}/ws`, protocols, {
    headers: { origin: options.origin ?? `http://127.0.0.1:${host.port}` },
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

function nextMessage(socket: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) =>
    socket.once('message', (data: Buffer) =>
      resolve(JSON.parse(data.toString('utf8')) as Record<string, unknown>),
    ),
  );
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'web-host-'));
  await mkdir(path.join(dir, 'web', 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'web', 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(path.join(dir, 'secret.txt'), 'outside');
  invoked.length = 0;
  host = await startWebHost({
    services,
    staticDir: path.join(dir, 'web'),
    token: TOKEN,
    logger: silentLogger,
  });
});

afterEach(async () => {
  await host.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the loopback web host', () => {
  it('listens on 127.0.0.1 and prints the address with the token in the fragment', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/#token=${TOKEN}`);
  });

  it('serves the renderer with a content security policy', async () => {
    const response = await fetch(host.origin);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('never serves a file outside the renderer build', async () => {
    const response = await fetch(`${host.origin}..%2fsecret.txt`);
    expect(response.status).toBe(404);
  });

  it('refuses a socket without the token', async () => {
    await expect(connect({})).rejects.toThrow('403');
  });

  it('refuses a socket with a wrong token', async () => {
    await expect(connect({ token: 'b'.repeat(64) })).rejects.toThrow('403');
  });

  it('refuses a socket from another origin even with the token', async () => {
    await expect(connect({ token: TOKEN, origin: 'http://evil.example' })).rejects.toThrow('403');
    expect(invoked).toEqual([]);
  });

  it('passes invokes to the app services and returns their result', async () => {
    const socket = await connect({ token: TOKEN });
    const reply = nextMessage(socket);
    socket.send(JSON.stringify({ type: 'invoke', id: 1, channel: 'cases:list', request: {} }));
    expect(await reply).toEqual({ type: 'result', id: 1, result: { ok: true, value: [] } });
    socket.close();
  });

  it('answers a malformed message with an error instead of calling the services', async () => {
    const socket = await connect({ token: TOKEN });
    const reply = nextMessage(socket);
    socket.send('not json');
    expect(await reply).toMatchObject({
      type: 'error',
      result: { ok: false, error: { code: 'invalid_request' } },
    });
    expect(invoked).toEqual([]);
    socket.close();
  });

  it('pushes service events to connected sockets', async () => {
    const socket = await connect({ token: TOKEN });
    const message = nextMessage(socket);
    for (const listener of listeners) {
      listener('cases:changed', {});
    }
    expect(await message).toEqual({ type: 'event', event: 'cases:changed', payload: {} });
    socket.close();
  });
});
