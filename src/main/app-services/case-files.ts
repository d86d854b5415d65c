/**
 * The cases folder behind the app: one `<id>.sqlite` file per case, opened on the current engine
 * when a request needs it, with its graph deltas coalesced into `graph:delta` events.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CaseSummary } from '../../shared/ipc/contract';
import type { GraphDelta } from '../../shared/model/graph';
import type { Engine, Logger, OpenCase } from '../../engine/index';
import { deleteCaseFile } from '../../engine/index';
import type { CaseSource } from './case-resolvers';
import type { DeltaBatcher } from './delta-batcher';
import { createDeltaBatcher } from './delta-batcher';
import { ServiceError, slug } from './service-error';

/** Case files are `<id>.sqlite` in the cases directory. */
export const CASE_FILE_SUFFIX = '.sqlite';
const CASE_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

export interface CaseHandle {
  id: string;
  file: string;
  open: OpenCase;
  batcher: DeltaBatcher;
  stopDeltas: () => void;
}

export interface CaseFilesOptions {
  casesDir: string;
  /** The engine cases are opened on (it changes when the settings do). */
  engine: () => Engine;
  deltaWindowMs: number;
  onDeltas: (caseId: string, batch: { fromSeq: number; delta: GraphDelta }) => void;
  logger: Logger;
}

export interface CaseFiles {
  /** The open case, opening its file when needed; not_found when there is no such file. */
  get(caseId: string): Promise<CaseHandle>;
  /** The open case, if it is open. */
  find(caseId: string): CaseHandle | undefined;
  list(): Promise<CaseSummary[]>;
  create(name: string): Promise<CaseSummary>;
  summarize(handle: CaseHandle): Promise<CaseSummary>;
  delete(caseId: string): Promise<void>;
  /** A complete copy of a case as a new case (the source may be open and written to meanwhile). */
  copy(caseId: string): Promise<CaseSummary>;
  /** A copy of any open case (a team case's replica too) as a new case file named `name`. */
  copyOf(source: OpenCase, name: string): Promise<CaseSummary>;
  /** Closes every open case (before the engine is replaced or the app quits). */
  closeAll(): Promise<void>;
}

export async function createCaseFiles(options: CaseFilesOptions): Promise<CaseFiles> {
  // Cases hold investigation data: their folder is the user's alone (mode applies when created).
  await mkdir(options.casesDir, { recursive: true, mode: 0o700 });
  const cases = new Map<string, CaseHandle>();
  const fileOf = (caseId: string): string => path.join(options.casesDir, `${caseId}${CASE_FILE_SUFFIX}`);

  const openHandle = (caseId: string): CaseHandle => {
    const file = fileOf(caseId);
    const open = options.engine().openCase(file);
    const batcher = createDeltaBatcher({
      windowMs: options.deltaWindowMs,
      onFlush: (batch) => options.onDeltas(caseId, batch),
    });
    const stopDeltas = open.onDelta((delta) => batcher.push(delta));
    const handle: CaseHandle = { id: caseId, file, open, batcher, stopDeltas };
    cases.set(caseId, handle);
    return handle;
  };

  const closeHandle = async (handle: CaseHandle): Promise<void> => {
    cases.delete(handle.id);
    await handle.open.close();
    handle.batcher.flush();
    handle.stopDeltas();
    handle.batcher.dispose();
  };

  const summarizeOpen = async (caseId: string, open: OpenCase): Promise<CaseSummary> => {
    const size = await sizeOf(fileOf(caseId));
    return {
      id: caseId,
      name: open.graph.getMeta('name') ?? caseId,
      createdAt: open.graph.getMeta('createdAt') ?? size.born.toISOString(),
      updatedAt: size.modified.toISOString(),
      sizeBytes: size.bytes,
    };
  };

  /** Summarizes a case, opening its file only for the time it takes when it is not open. */
  const summarizeById = async (caseId: string): Promise<CaseSummary> => {
    const handle = cases.get(caseId);
    if (handle !== undefined) {
      return summarizeOpen(caseId, handle.open);
    }
    const open = options.engine().openCase(fileOf(caseId));
    try {
      return await summarizeOpen(caseId, open);
    } finally {
      await open.close();
    }
  };

  const get = async (caseId: string): Promise<CaseHandle> => {
    const existing = cases.get(caseId);
    if (existing !== undefined) {
      return existing;
    }
    if (!(await isFile(fileOf(caseId)))) {
      throw new ServiceError('not_found', `no case with id ${caseId}`);
    }
    return openHandle(caseId);
  };

  const copyOf = (source: OpenCase, name: string): Promise<CaseSummary> => {
    const copyId = `${slug(name)}-${randomBytes(4).toString('hex')}`;
    // The backup runs on the source's own connection, so what its sessions committed is in it.
    source.saveCopy(fileOf(copyId));
    const copy = openHandle(copyId);
    copy.open.graph.setMeta('name', name);
    copy.open.graph.setMeta('createdAt', new Date().toISOString());
    return summarizeOpen(copyId, copy.open);
  };

  return {
    get,
    find: (caseId) => cases.get(caseId),
    async list() {
      const summaries: CaseSummary[] = [];
      for (const name of await readdir(options.casesDir)) {
        const caseId = name.slice(0, -CASE_FILE_SUFFIX.length);
        if (!name.endsWith(CASE_FILE_SUFFIX) || !CASE_ID.test(caseId)) {
          continue;
        }
        try {
          summaries.push(await summarizeById(caseId));
        } catch (error) {
          options.logger.warn('unreadable case file', { file: name, error: String(error) });
        }
      }
      return summaries.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    },
    async create(name) {
      const caseId = `${slug(name)}-${randomBytes(4).toString('hex')}`;
      const handle = openHandle(caseId);
      handle.open.graph.setMeta('name', name);
      handle.open.graph.setMeta('createdAt', new Date().toISOString());
      return summarizeOpen(caseId, handle.open);
    },
    summarize: (handle) => summarizeOpen(handle.id, handle.open),
    async copy(caseId) {
      const source = await get(caseId);
      return copyOf(source.open, `${source.open.graph.getMeta('name') ?? caseId} (copy)`);
    },
    copyOf: (source, name) => copyOf(source, name),
    async delete(caseId) {
      const file = fileOf(caseId);
      if (!(await isFile(file))) {
        throw new ServiceError('not_found', `no case with id ${caseId}`);
      }
      const handle = cases.get(caseId);
      if (handle !== undefined) {
        await closeHandle(handle);
      }
      // Refused (CaseInUseError) while a CLI run (or another app window) has the case open:
      // deleting it under a writer would lose that writer's work while it reports success.
      deleteCaseFile(file);
    },
    async closeAll() {
      for (const handle of [...cases.values()]) {
        await closeHandle(handle);
      }
    },
  };
}

/** The cases folder as a case source: it takes every id no other source claims. */
export function caseFileSource(cases: CaseFiles): CaseSource {
  const fileCase = (caseId: string): Promise<CaseHandle> => cases.get(caseId);
  return {
    owns: () => true,
    get: fileCase,
    find: (caseId) => cases.find(caseId),
    summarise: async (handle) => cases.summarize(await fileCase(handle.id)),
    copyName: (handle) => `${handle.open.graph.getMeta('name') ?? handle.id} (copy)`,
    rename: async (caseId, name) => {
      const handle = await fileCase(caseId);
      handle.open.graph.setMeta('name', name);
      return cases.summarize(handle);
    },
    delete: (caseId) => cases.delete(caseId),
    writeRefusal: () => undefined,
    readOnly: () => false,
  };
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** The case's size on disk with its write-ahead log, and when it last changed. */
async function sizeOf(file: string): Promise<{ bytes: number; modified: Date; born: Date }> {
  const main = await stat(file);
  let bytes = main.size;
  let modified = main.mtime;
  try {
    const wal = await stat(`${file}-wal`);
    bytes += wal.size;
    modified = wal.mtime > modified ? wal.mtime : modified;
  } catch {
    // no write-ahead log
  }
  return { bytes, modified, born: main.birthtime.getTime() > 0 ? main.birthtime : main.mtime };
}
