/** A large reply on the loopback web host: its long arrays arrive first, in parts, then the reply. */
import { rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../engine/index';
import { assembleResult, PART_ITEMS, type ResultPart } from '../../shared/ipc/result-parts';
import type { AppServices } from '../app-services/app-services';
import { startWebHost, type WebHost } from './web-host';
import { connectAppSocket, staticDirWithIndex } from '../../../test/support/web-host-socket';

const TOKEN = 'f'.repeat(64);
const ENTITIES = Array.from({ length: 5_000 }, (_, index) => ({ id: `Organization:${index}` }));
let dir: string;
let host: WebHost;

const services: AppServices = {
  invoke: () => Promise.resolve({ ok: true, value: { snapshot: { seq: 1, entities: ENTITIES, edges: [] } } }),
  subscribe: () => () => {},
  close: () => Promise.resolve(),
};

/** Every message of the socket until the reply to request 1 (inclusive). */
async function messagesUntilReply(): Promise<{ type: string; [key: string]: unknown }[]> {
  const socket = await connectAppSocket(host.port, TOKEN);
  const messages: { type: string; [key: string]: unknown }[] = [];
  await new Promise<void>((resolve) => {
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as { type: string };
      messages.push(message);
      if (message.type === 'result') resolve();
    });
    socket.send(JSON.stringify({ type: 'invoke', id: 1, channel: 'cases:list', request: {} }));
  });
  socket.close();
  return messages;
}

beforeEach(async () => {
  dir = await staticDirWithIndex('web-parts-');
  host = await startWebHost({ services, staticDir: dir, token: TOKEN, logger: silentLogger });
});

afterEach(async () => {
  await host.close();
  await rm(dir, { recursive: true, force: true });
});

describe('web host large replies', () => {
  it('sends a reply holding 5,000 entities as three parts, then the reply saying how many to put back', async () => {
    const messages = await messagesUntilReply();
    expect(messages.map((message) => message.type)).toEqual(['part', 'part', 'part', 'result']);
    expect(messages.at(-1)?.parts).toBe(3);
    const parts = messages.slice(0, 3) as unknown as ResultPart[];
    expect(parts.every((part) => part.items.length <= PART_ITEMS)).toBe(true);
    const reply = messages.at(-1)?.result;
    expect(assembleResult(reply, parts)).toBe(true);
    expect(reply).toEqual({ ok: true, value: { snapshot: { seq: 1, entities: ENTITIES, edges: [] } } });
  });

  it('sends every reply whole when told to (partItems Infinity, for builds from before parts)', async () => {
    await host.close();
    host = await startWebHost({
      services,
      staticDir: dir,
      token: TOKEN,
      logger: silentLogger,
      partItems: Infinity,
    });
    const messages = await messagesUntilReply();
    expect(messages.map((message) => message.type)).toEqual(['result']);
    expect(messages[0]?.result).toEqual({
      ok: true,
      value: { snapshot: { seq: 1, entities: ENTITIES, edges: [] } },
    });
  });
});
