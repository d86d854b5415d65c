import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openInBrowser } from './browser-open';

const TOKEN = 'f00dfeedcafe0123456789abcdef0123456789abcdef0123456789abcdef0000';
const URL_WITH_TOKEN = `http://127.0.0.1:45678/#token=${TOKEN}`;
let parent: string;

beforeAll(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), 'browser-open-'));
});
afterAll(async () => {
  await rm(parent, { recursive: true, force: true });
});

describe('openInBrowser', () => {
  it('never puts the token on the launcher command line', async () => {
    const launched: string[][] = [];
    const redirect = await openInBrowser(URL_WITH_TOKEN, {
      parent,
      platform: 'linux',
      launcher: (command, args) => launched.push([command, ...args]),
    });
    expect(launched).toHaveLength(1);
    expect(launched[0]?.[0]).toBe('xdg-open');
    expect(launched[0]?.join(' ')).not.toContain(TOKEN);
    expect(launched[0]?.[1]).toMatch(/^file:\/\/.*open\.html$/);
    await redirect.remove();
  });

  it('writes the address into a page only its owner can read, in a directory only its owner can list', async () => {
    const redirect = await openInBrowser(URL_WITH_TOKEN, { parent, launcher: () => undefined });
    expect((await stat(redirect.file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(redirect.file))).mode & 0o777).toBe(0o700);
    expect(await readFile(redirect.file, 'utf8')).toContain(`content="0;url=${URL_WITH_TOKEN}"`);
    await redirect.remove();
  });

  it('removes the page and its directory when asked', async () => {
    const redirect = await openInBrowser(URL_WITH_TOKEN, { parent, launcher: () => undefined });
    await redirect.remove();
    await expect(stat(path.dirname(redirect.file))).rejects.toThrow();
  });
});
