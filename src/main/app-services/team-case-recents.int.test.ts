import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecentTeamCase } from '../../shared/ipc/contract';
import { silentLogger } from '../../engine/index';
import { createRecentTeamCases, MAX_RECENT_TEAM_CASES } from './team-case-recents';

let dir: string;
let file: string;

function entry(index: number): RecentTeamCase {
  return {
    id: `team-${index.toString(16).padStart(16, '0')}`,
    address: `postgresql://alice@db.example:5432/inv#Case%20${index}`,
    host: 'db.example',
    port: 5432,
    database: 'inv',
    user: 'alice',
    sslMode: 'verify-full',
    caseName: `Case ${index}`,
    lastOpenedAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
  };
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'team-recents-'));
  file = path.join(dir, 'team-cases.json');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the recent team cases file', () => {
  it('lists the last opened case first, once, in a file only the user may read', async () => {
    const recents = createRecentTeamCases(file, silentLogger);
    await recents.remember(entry(1));
    await recents.remember(entry(2));
    await recents.remember(entry(1));
    expect((await recents.list()).map((item) => item.caseName)).toEqual(['Case 1', 'Case 2']);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it(`keeps the newest ${MAX_RECENT_TEAM_CASES} cases`, async () => {
    const recents = createRecentTeamCases(file, silentLogger);
    for (let index = 0; index < MAX_RECENT_TEAM_CASES + 3; index += 1) {
      await recents.remember(entry(index));
    }
    const listed = await recents.list();
    expect(listed).toHaveLength(MAX_RECENT_TEAM_CASES);
    expect(listed[0]?.caseName).toBe(`Case ${MAX_RECENT_TEAM_CASES + 2}`);
  });

  it('forgets one case and keeps the others', async () => {
    const recents = createRecentTeamCases(file, silentLogger);
    await recents.remember(entry(1));
    await recents.remember(entry(2));
    expect((await recents.forget(entry(2).id)).map((item) => item.id)).toEqual([entry(1).id]);
  });

  it('keeps every remembered case when several are remembered at once', async () => {
    const recents = createRecentTeamCases(file, silentLogger);
    await Promise.all([1, 2, 3, 4].map((index) => recents.remember(entry(index))));
    expect(await recents.list()).toHaveLength(4);
  });

  it('skips an entry edited into something invalid and keeps the rest', async () => {
    await writeFile(file, JSON.stringify({ version: 1, teamCases: [entry(1), { ...entry(2), port: 'x' }] }));
    expect((await createRecentTeamCases(file, silentLogger).list()).map((item) => item.id)).toEqual([
      entry(1).id,
    ]);
  });

  it('sets an unreadable file aside instead of overwriting it', async () => {
    await writeFile(file, '{ not json');
    const recents = createRecentTeamCases(file, silentLogger);
    expect(await recents.list()).toEqual([]);
    expect(await readFile(`${file}.unreadable`, 'utf8')).toBe('{ not json');
    await recents.remember(entry(3));
    expect((await recents.list()).map((item) => item.id)).toEqual([entry(3).id]);
  });
});
