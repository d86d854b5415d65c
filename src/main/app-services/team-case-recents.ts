/**
 * The recent team cases file (`team-cases.json` in the data directory): where each team case
 * lives, newest first, so the case list reopens it in one click. It holds no password (that is
 * in the keychain); a file that cannot be read is set aside, not overwritten.
 */
import { readFile, rename } from 'node:fs/promises';
import { z } from 'zod';
import type { RecentTeamCase } from '../../shared/ipc/contract';
import { TEAM_SSL_MODES } from '../../shared/ipc/contract';
import type { Logger } from '../../engine/index';
import { withoutByteOrderMark } from '../../engine/index';
import { writeSettingsFile } from './settings-file';

/** Older entries fall off the list. */
export const MAX_RECENT_TEAM_CASES = 20;

const entrySchema = z.object({
  id: z.string().regex(/^team-[0-9a-f]{16}$/),
  address: z.string().max(2_000),
  host: z.string().min(1).max(255),
  port: z.int().min(1).max(65_535),
  database: z.string().min(1).max(200),
  user: z.string().min(1).max(200),
  sslMode: z.enum(TEAM_SSL_MODES),
  caseName: z.string().min(1).max(200),
  lastOpenedAt: z.string().max(40),
});
const fileSchema = z.object({ version: z.literal(1), teamCases: z.array(z.unknown()) });

export interface RecentTeamCases {
  list(): Promise<RecentTeamCase[]>;
  /** Puts the case first (replacing an older entry of the same id). */
  remember(entry: RecentTeamCase): Promise<void>;
  forget(caseId: string): Promise<RecentTeamCase[]>;
  find(caseId: string): Promise<RecentTeamCase | undefined>;
}

export function createRecentTeamCases(file: string, logger: Logger): RecentTeamCases {
  // One change at a time: two opens finishing together must not drop each other's entry.
  let queue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(action: () => Promise<T>): Promise<T> => {
    const run = queue.then(action, action);
    queue = run.catch(() => undefined);
    return run;
  };

  const read = async (): Promise<RecentTeamCase[]> => {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return [];
      }
      throw error;
    }
    const parsed = fileSchema.safeParse(parseJson(withoutByteOrderMark(text)));
    if (!parsed.success) {
      // Kept for the user to look at; the list starts afresh.
      const aside = `${file}.unreadable`;
      await rename(file, aside);
      logger.warn('the recent team cases file could not be read; set aside', { file: aside });
      return [];
    }
    // One bad entry (edited by hand) does not cost the others.
    return parsed.data.teamCases.flatMap((entry) => {
      const checked = entrySchema.safeParse(entry);
      return checked.success ? [checked.data] : [];
    });
  };

  const write = (entries: RecentTeamCase[]): Promise<void> =>
    writeSettingsFile(file, { version: 1, teamCases: entries });

  return {
    list: () => serialized(read),
    remember: (entry) =>
      serialized(async () => {
        const others = (await read()).filter((item) => item.id !== entry.id);
        await write([entry, ...others].slice(0, MAX_RECENT_TEAM_CASES));
      }),
    forget: (caseId) =>
      serialized(async () => {
        const kept = (await read()).filter((item) => item.id !== caseId);
        await write(kept);
        return kept;
      }),
    find: async (caseId) => (await serialized(read)).find((item) => item.id === caseId),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
