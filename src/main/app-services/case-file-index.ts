/**
 * Which file a case id names, and what the case list shows of a file that is not open: the cases
 * folder's `<id>.sqlite` files, and case files elsewhere on disk opened or copied there during
 * this run. Reading only: a summary comes from `peekCaseFile`, which creates and writes nothing.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CaseSummary } from '../../shared/ipc/contract';
import type { Engine, Logger, OpenCase } from '../../engine/index';
import { peekCaseFile } from '../../engine/index';
import { ServiceError } from './service-error';
import { writeSettingsFile } from './settings-file';

/** The case files from elsewhere the list keeps across restarts; older ones fall off. */
export const MAX_CASE_FILES_ELSEWHERE = 50;

/** Case files are `<id>.sqlite` in the cases directory. */
export const CASE_FILE_SUFFIX = '.sqlite';
const CASE_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
/** The id of a case file whose name is not `<id>.sqlite`, or that lies outside the cases folder. */
const PATH_ID = /^file-[0-9a-f]{16}$/;

export interface CaseFileIndex {
  /** The cases folder's real path. */
  readonly folder: string;
  fileOf(caseId: string): string;
  /** The ids of the folder's `*.sqlite` files, cases or not. */
  folderIds(): Promise<string[]>;
  /** The id of a file by its real path; one outside the folder is listed from now on. */
  idOfRealFile(real: string): string;
  /** The case files from outside the folder being listed. */
  outsideIds(): string[];
  isOutside(caseId: string): boolean;
  /** Stops listing a case file from outside the folder (the file stays where it is). */
  forget(caseId: string): void;
  /** Resolves once the list of case files from elsewhere is saved. */
  saved(): Promise<void>;
  /** What the case list shows of a file that is not open (an unreadable one with the reason). */
  summarizeClosed(caseId: string): Promise<CaseSummary>;
  /** The summary fields that come from the file system rather than the case. */
  fileFacts(caseId: string): Promise<FileFacts>;
}

export interface FileFacts {
  id: string;
  updatedAt: string;
  sizeBytes: number;
  /** When the file was made (a fallback for cases without a stored creation time). */
  born: string;
  file?: string;
}

/**
 * `remembered` (`case-files.json` in the data directory) keeps the paths of case files from
 * elsewhere across restarts, newest first; a file that is gone is simply not listed.
 */
export async function createCaseFileIndex(
  casesDir: string,
  rememberedFile: string | undefined,
  logger: Logger,
): Promise<CaseFileIndex> {
  const remembered = rememberedFile === undefined ? undefined : { file: rememberedFile, logger };
  const folder = await realpath(casesDir);
  /** Files named other than `<id>.sqlite`, and files outside the folder, by their path id. */
  const pathsById = new Map<string, string>();
  const outside = new Set<string>();
  let saving: Promise<void> = Promise.resolve();
  const remember = (): void => {
    if (remembered === undefined) {
      return;
    }
    const files = [...outside]
      .reverse()
      .slice(0, MAX_CASE_FILES_ELSEWHERE)
      .map((caseId) => fileOf(caseId));
    saving = saving
      .then(() => writeSettingsFile(remembered.file, { version: 1, files }))
      .catch((error: unknown) => {
        remembered.logger.warn('could not save the list of case files from elsewhere', {
          error: String(error),
        });
      });
  };
  const fileOf = (caseId: string): string =>
    pathsById.get(caseId) ?? path.join(casesDir, `${caseId}${CASE_FILE_SUFFIX}`);

  /** A folder file's id is its name when that is a plain id; any other file's is from its path. */
  const idOf = (file: string, inFolder: boolean): string => {
    const stem = path.basename(file).slice(0, -CASE_FILE_SUFFIX.length);
    if (inFolder && file.endsWith(CASE_FILE_SUFFIX) && CASE_ID.test(stem) && !PATH_ID.test(stem)) {
      return stem;
    }
    const caseId = `file-${createHash('sha256').update(file).digest('hex').slice(0, 16)}`;
    pathsById.set(caseId, file);
    return caseId;
  };

  const fileFacts = async (caseId: string): Promise<FileFacts> => {
    const size = await sizeOf(fileOf(caseId));
    return {
      id: caseId,
      updatedAt: size.modified.toISOString(),
      sizeBytes: size.bytes,
      born: size.born.toISOString(),
      ...(outside.has(caseId) ? { file: fileOf(caseId) } : {}),
    };
  };

  for (const file of remembered === undefined ? [] : (await readRemembered(remembered)).reverse()) {
    outside.add(idOf(file, false));
  }

  return {
    folder,
    fileOf,
    async folderIds() {
      const ids: string[] = [];
      for (const entry of await readdir(casesDir, { withFileTypes: true })) {
        if (entry.name.endsWith(CASE_FILE_SUFFIX) && !entry.isDirectory()) {
          ids.push(idOf(path.join(casesDir, entry.name), true));
        }
      }
      return ids;
    },
    idOfRealFile(real) {
      const inFolder = path.dirname(real) === folder;
      const caseId = idOf(real, inFolder);
      if (!inFolder) {
        // Newest last in the set, so the saved list is newest first.
        outside.delete(caseId);
        outside.add(caseId);
        remember();
      }
      return caseId;
    },
    outsideIds: () => [...outside],
    isOutside: (caseId) => outside.has(caseId),
    forget: (caseId) => {
      if (outside.delete(caseId)) {
        remember();
      }
    },
    saved: () => saving,
    fileFacts,
    async summarizeClosed(caseId) {
      const { born, ...facts } = await fileFacts(caseId);
      const peek = peekCaseFile(fileOf(caseId));
      return peek.kind === 'case'
        ? { ...facts, name: peek.name ?? caseId, createdAt: peek.createdAt ?? born }
        : { ...facts, name: path.basename(fileOf(caseId)), createdAt: born, unreadable: peek.reason };
    },
  };
}

/** The remembered paths; a file that cannot be read is logged and left for the user, the list starts empty. */
async function readRemembered(remembered: { file: string; logger: Logger }): Promise<string[]> {
  try {
    const parsed = JSON.parse(await readFile(remembered.file, 'utf8')) as { files?: unknown };
    return Array.isArray(parsed.files)
      ? parsed.files.filter((item): item is string => typeof item === 'string' && path.isAbsolute(item))
      : [];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      remembered.logger.warn('the list of case files from elsewhere could not be read', {
        error: String(error),
      });
    }
    return [];
  }
}

/** Refuses, with the reason, a file the engine must not open as a case (an empty one would become one). */
export function checkIsCase(file: string): void {
  const peek = peekCaseFile(file);
  if (peek.kind === 'unreadable') {
    throw new ServiceError('invalid_request', `${file} cannot be opened as a case: ${peek.reason}.`);
  }
}

/**
 * A consistent copy of an open case at `target` named `name`: never over an existing file. The
 * backup runs on the source's own connection, so what its sessions committed is in it.
 */
export async function writeNamedCopy(
  engine: Engine,
  source: OpenCase,
  name: string,
  target: string,
): Promise<void> {
  const place = path.dirname(target);
  const placeInfo = await stat(place).catch(() => undefined);
  if (placeInfo?.isDirectory() !== true) {
    throw new ServiceError('not_found', `There is no folder ${place}.`);
  }
  if ((await stat(target).catch(() => undefined)) !== undefined) {
    throw new ServiceError(
      'conflict',
      `${path.basename(target)} is already in ${place}: choose another name (a copy never replaces a file).`,
    );
  }
  source.saveCopy(target);
  const copy = engine.openCase(target);
  try {
    copy.graph.setMeta('name', name);
    copy.graph.setMeta('createdAt', new Date().toISOString());
  } finally {
    await copy.close();
  }
}

/** The case's size on disk with its write-ahead log, and when it last changed. */
async function sizeOf(file: string): Promise<{ bytes: number; modified: Date; born: Date }> {
  // Both asked at once: each call waits a turn of the event loop (see `list` in case-files.ts).
  const [main, wal] = await Promise.all([stat(file), stat(`${file}-wal`).catch(() => undefined)]); // no log: undefined
  let bytes = main.size;
  let modified = main.mtime;
  if (wal !== undefined) {
    bytes += wal.size;
    modified = wal.mtime > modified ? wal.mtime : modified;
  }
  return { bytes, modified, born: main.birthtime.getTime() > 0 ? main.birthtime : main.mtime };
}
