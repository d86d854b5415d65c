/**
 * The cases folder behind the app: one `<id>.sqlite` file per case, opened on the current engine
 * when a request needs it, with its graph deltas coalesced into `graph:delta` events. Case files
 * opened from elsewhere on disk ("Open case file...") are opened where they are and listed beside
 * the folder's for the rest of the run. Listing reads only (`peekCaseFile`): it never creates,
 * migrates or writes a file, and a file that is not a case is listed with the reason.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, realpath, stat } from 'node:fs/promises';
import type { CaseSummary } from '../../shared/ipc/contract';
import type { GraphDelta } from '../../shared/model/graph';
import type { Engine, Logger, OpenCase } from '../../engine/index';
import { deleteCaseFile } from '../../engine/index';
import { CASE_FILE_SUFFIX, checkIsCase, createCaseFileIndex, writeNamedCopy } from './case-file-index';
import { watchCaseFolder } from './case-folder-watch';
import type { CaseSource } from './case-resolvers';
import type { DeltaBatcher } from './delta-batcher';
import { createDeltaBatcher } from './delta-batcher';
import { ServiceError, slug } from './service-error';

export { CASE_FILE_SUFFIX };

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
  /** Told (debounced) when a case file appears in or goes from the cases folder. */
  onFolderChange?: () => void;
  /** Where the paths of case files opened from elsewhere are kept across restarts. */
  rememberedFilesPath?: string;
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
  /** The cases folder (its real path). */
  readonly folder: string;
  /**
   * Opens the case file at `file` (absolute) where it is, after a read-only check: not_found when
   * nothing is there, invalid_request with the reason when it is not a case file.
   */
  openFile(file: string): Promise<CaseHandle>;
  /**
   * A consistent copy of an open case as a new case file at `target` (absolute, not there yet),
   * named `name`; it is listed as its own case.
   */
  saveCopyAs(source: OpenCase, name: string, target: string): Promise<CaseSummary>;
  /** Stops watching the cases folder (when the app quits). */
  stopWatching(): void;
}

export async function createCaseFiles(options: CaseFilesOptions): Promise<CaseFiles> {
  // Cases hold investigation data: their folder is the user's alone (mode applies when created).
  await mkdir(options.casesDir, { recursive: true, mode: 0o700 });
  const index = await createCaseFileIndex(options.casesDir, options.rememberedFilesPath, options.logger);
  const cases = new Map<string, CaseHandle>();
  const fileOf = (caseId: string): string => index.fileOf(caseId);

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
    const { born, ...facts } = await index.fileFacts(caseId);
    return {
      ...facts,
      name: open.graph.getMeta('name') ?? caseId,
      createdAt: open.graph.getMeta('createdAt') ?? born,
    };
  };

  /** Summarizes a case from its open handle, or by reading its file without changing it. */
  const summarizeById = (caseId: string): Promise<CaseSummary> => {
    const handle = cases.get(caseId);
    return handle === undefined ? index.summarizeClosed(caseId) : summarizeOpen(caseId, handle.open);
  };

  const get = async (caseId: string): Promise<CaseHandle> => {
    const existing = cases.get(caseId);
    if (existing !== undefined) {
      return existing;
    }
    const file = fileOf(caseId);
    if (!(await isFile(file))) {
      throw new ServiceError('not_found', `no case with id ${caseId}`);
    }
    // Checked read-only before the engine opens it: opening an empty file would make it a case.
    checkIsCase(file);
    return openHandle(caseId);
  };

  const list = async (): Promise<CaseSummary[]> => {
    const ids = [...new Set([...(await index.folderIds()), ...index.outsideIds()])];
    // Every file is asked about at once: each file-system call waits a turn of the event loop, and
    // a running session spends each turn on a write slice (issue 24: asked one by one, a list of
    // three cases waited seven slices, 3.7-5.1 s, behind a GLEIF children flood).
    const settled = await Promise.allSettled(ids.map((caseId) => summarizeById(caseId)));
    const summaries: CaseSummary[] = [];
    settled.forEach((result, position) => {
      if (result.status === 'fulfilled') {
        summaries.push(result.value);
      } else {
        // Gone between the folder read and the summary (deleted meanwhile): not listed.
        options.logger.debug('case file not listed', { caseId: ids[position], error: String(result.reason) });
      }
    });
    // Cases by last change, newest first; files that are not cases after them.
    const rank = (summary: CaseSummary): number => (summary.unreadable === undefined ? 0 : 1);
    return summaries.sort((a, b) => rank(a) - rank(b) || b.updatedAt.localeCompare(a.updatedAt));
  };

  const openFile = async (file: string): Promise<CaseHandle> => {
    let real: string;
    try {
      real = await realpath(file);
    } catch {
      throw new ServiceError('not_found', `There is no file at ${file}.`);
    }
    const caseId = index.idOfRealFile(real);
    try {
      return await get(caseId);
    } catch (error) {
      // A file that is not a case is not listed for having been tried.
      index.forget(caseId);
      throw error;
    } finally {
      await index.saved();
    }
  };

  const saveCopyAs = async (source: OpenCase, name: string, target: string): Promise<CaseSummary> => {
    await writeNamedCopy(options.engine(), source, name, target);
    const caseId = index.idOfRealFile(await realpath(target));
    await index.saved();
    return summarizeById(caseId);
  };

  const stopWatching = watchFolder(options);

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
    list,
    folder: index.folder,
    openFile,
    saveCopyAs,
    stopWatching,
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
      if (index.isOutside(caseId)) {
        // A case file from elsewhere on disk is the user's own file there: it leaves the list only.
        const handle = cases.get(caseId);
        if (handle !== undefined) {
          await closeHandle(handle);
        }
        index.forget(caseId);
        return index.saved();
      }
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
      await index.saved();
    },
  };
}

/** Watches the cases folder when someone wants to hear of its changes; answers the stop function. */
function watchFolder(options: CaseFilesOptions): () => void {
  return options.onFolderChange === undefined
    ? () => undefined
    : watchCaseFolder(options.casesDir, CASE_FILE_SUFFIX, options.onFolderChange, { logger: options.logger });
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
