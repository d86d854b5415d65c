/** The app services' events on the loopback web host: every socket gets each, encoded once. */
import { rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { silentLogger } from '../../engine/index';
import type { AppEventListener, AppServices } from '../app-services/app-services';
import { startWebHost, type WebHost } from './web-host';
import { connectAppSocket, staticDirWithIndex } from '../../../test/support/web-host-socket';

const TOKEN = 'e'.repeat(64);
let dir: string;
let host: WebHost;
const listeners = new Set<AppEventListener>();

const services: AppServices = {
  invoke: () => Promise.resolve({ ok: true, value: [] }),
  subscribe: (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  close: () => Promise.resolve(),
};

const connect = (): Promise<WebSocket> => connectAppSocket(host.port, TOKEN);

function nextMessage(socket: WebSocket): Promise<unknown> {
  return new Promise((resolve) => {
    socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString('utf8'))));
  });
}

beforeEach(async () => {
  dir = await staticDirWithIndex('web-events-');
  host = await startWebHost({ services, staticDir: dir, token: TOKEN, logger: silentLogger });
});

afterEach(async () => {
  await host.close();
  await rm(dir, { recursive: true, force: true });
});

describe('web host events', () => {
  it('sends an event to every socket, encoding it once however many sockets are open', async () => {
    const sockets = await Promise.all([connect(), connect(), connect()]);
    let encoded = 0;
    // A graph delta can carry a record holding a 10 MB reply: its encoding is counted here.
    const payload = {
      caseId: 'case-1',
      toJSON: () => {
        encoded += 1;
        return { caseId: 'case-1' };
      },
    };
    const received = sockets.map(nextMessage);
    listeners.forEach((listener) => listener('graph:delta', payload as never));
    expect(await Promise.all(received)).toEqual(
      sockets.map(() => ({ type: 'event', event: 'graph:delta', payload: { caseId: 'case-1' } })),
    );
    expect(encoded).toBe(1);
    sockets.forEach((socket) => socket.close());
  });

  it('stops listening to the services when the host closes', async () => {
    expect(listeners.size).toBe(1);
    await host.close();
    expect(listeners.size).toBe(0);
    host = await startWebHost({ services, staticDir: dir, token: TOKEN, logger: silentLogger });
  });
});
