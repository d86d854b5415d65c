/**
 * The app services: the IPC contract implemented once. Both hosts (Electron ipcMain, the loopback
 * WebSocket) pass raw requests to invoke(), which validates them, runs the handler and returns a
 * Result; events (coalesced graph deltas, throttled progress) go to every subscriber.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type {
  CaseSummary,
  EventChannel,
  EventMap,
  InvokeChannel,
  InvokeMap,
  SessionStarted,
  SettingsView,
} from '../../shared/ipc/contract';
import { isInvokeChannel } from '../../shared/ipc/contract';
import type { ErrorCode, Result } from '../../shared/ipc/result';
import { fail, ok } from '../../shared/ipc/result';
import type { TypedAsset } from '../../shared/model/asset';
import { parseSeed } from '../../shared/model/seed';
import type { SessionProgress } from '../../shared/model/session';
import type { AppConfig, Engine, Logger, OpenCase, Session } from '../../engine/index';
import { CaseInUseError, deleteCaseFile } from '../../engine/index';
import type { AppCredentials } from './app-credentials';
import { isKeychainUnavailable } from './app-credentials';
import type { DeltaBatcher } from './delta-batcher';
import { createDeltaBatcher } from './delta-batcher';
import { toCsv, toGraphml } from './export-formats';
import { describeIssue, REQUEST_SCHEMAS } from './request-schemas';
import {
  configFromFile,
  editableFromConfig,
  mergeEditable,
  readSettingsFile,
  writeSettingsFile,
} from './settings-file';

/** Case files are `<id>.sqlite` in the cases directory. */
export const CASE_FILE_SUFFIX = '.sqlite';

export interface AppServicesOptions {
  casesDir: string;
  settingsPath: string;
  /** Builds an engine for a configuration (again after the settings change). */
  createEngine(config: AppConfig): Engine;
  credentials: AppCredentials;
  logger: Logger;
  /** Window over which graph deltas are coalesced (default 50 ms). */
  deltaWindowMs?: number;
  /** Minimum interval between progress events of one session (default 200 ms). */
  progressIntervalMs?: number;
}

export type AppEventListener = <E extends EventChannel>(event: E, payload: EventMap[E]) => void;

export interface AppServices {
  /** Validates and runs one request. Never throws: failures are Results with a code. */
  invoke(channel: unknown, request: unknown): Promise<Result<unknown>>;
  subscribe(listener: AppEventListener): () => void;
  close(): Promise<void>;
}

/** An expected failure with a code the UI reacts to. */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

interface CaseHandle {
  id: string;
  file: string;
  open: OpenCase;
  batcher: DeltaBatcher;
  stopDeltas: () => void;
}

interface TrackedSession {
  caseId: string;
  session: Session;
}

type Handlers = { [C in InvokeChannel]: (request: InvokeMap[C]['req']) => Promise<InvokeMap[C]['res']> };

export async function createAppServices(options: AppServicesOptions): Promise<AppServices> {
  const deltaWindowMs = options.deltaWindowMs ?? 50;
  const progressIntervalMs = options.progressIntervalMs ?? 200;
  const listeners = new Set<AppEventListener>();
  const cases = new Map<string, CaseHandle>();
  const sessions = new Map<string, TrackedSession>();
  // Cases hold investigation data: their folder is the user's alone (mode applies when created).
  await mkdir(options.casesDir, { recursive: true, mode: 0o700 });

  let config = configFromFile(await readSettingsFile(options.settingsPath));
  let engine = options.createEngine(config);
  /** Set when the settings changed while sessions ran: the engine is rebuilt once they end. */
  let pendingConfig: AppConfig | undefined;

  const emit: AppEventListener = (event, payload) => {
    for (const listener of listeners) {
      try {
        listener(event, payload);
      } catch (error) {
        options.logger.warn('event listener failed', { event, error: String(error) });
      }
    }
  };

  const fileOf = (caseId: string): string => path.join(options.casesDir, `${caseId}${CASE_FILE_SUFFIX}`);

  const openHandle = (caseId: string): CaseHandle => {
    const file = fileOf(caseId);
    const open = engine.openCase(file);
    const batcher = createDeltaBatcher({
      windowMs: deltaWindowMs,
      onFlush: (batch) => emit('graph:delta', { caseId, fromSeq: batch.fromSeq, delta: batch.delta }),
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

  const exists = async (file: string): Promise<boolean> => {
    try {
      return (await stat(file)).isFile();
    } catch {
      return false;
    }
  };

  /** The open case, opening its file when needed; not_found when there is no such file. */
  const getHandle = async (caseId: string): Promise<CaseHandle> => {
    const existing = cases.get(caseId);
    if (existing !== undefined) {
      return existing;
    }
    if (!(await exists(fileOf(caseId)))) {
      throw new ServiceError('not_found', `no case with id ${caseId}`);
    }
    return openHandle(caseId);
  };

  const sizeOf = async (file: string): Promise<{ bytes: number; modified: Date; born: Date }> => {
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
  };

  const summarize = async (caseId: string, open: OpenCase): Promise<CaseSummary> => {
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
      return summarize(caseId, handle.open);
    }
    const open = engine.openCase(fileOf(caseId));
    try {
      return await summarize(caseId, open);
    } finally {
      await open.close();
    }
  };

  const trackSession = (caseId: string, session: Session): SessionStarted => {
    sessions.set(session.id, { caseId, session });
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const send = (): void => {
      timer = undefined;
      last = Date.now();
      emit('session:progress', { caseId, progress: session.progress() });
    };
    const stop = session.onProgress(() => {
      if (timer !== undefined) {
        return;
      }
      const wait = Math.max(0, last + progressIntervalMs - Date.now());
      timer = setTimeout(send, wait);
    });
    void session.done
      .catch((error: unknown) => {
        options.logger.error('session ended with an error', { session: session.id, error: String(error) });
        return session.progress();
      })
      .then((final: SessionProgress) => {
        stop();
        if (timer !== undefined) {
          clearTimeout(timer);
        }
        // Deltas first, so the renderer has the graph before it hears the session ended.
        cases.get(caseId)?.batcher.flush();
        sessions.delete(session.id);
        emit('session:progress', { caseId, progress: final });
        return applyPendingConfig();
      });
    return { sessionId: session.id, progress: session.progress() };
  };

  const getSession = (sessionId: string): Session => {
    const tracked = sessions.get(sessionId);
    if (tracked === undefined) {
      throw new ServiceError('not_found', `no running session ${sessionId}`);
    }
    return tracked.session;
  };

  const applyPendingConfig = async (): Promise<void> => {
    if (pendingConfig === undefined || sessions.size > 0) {
      return;
    }
    const next = pendingConfig;
    pendingConfig = undefined;
    for (const handle of [...cases.values()]) {
      await closeHandle(handle);
    }
    await engine.close();
    config = next;
    engine = options.createEngine(config);
  };

  const settingsView = (): SettingsView => ({
    path: options.settingsPath,
    values: editableFromConfig(config),
  });

  const handlers: Handlers = {
    'cases:list': async () => {
      const names = await readdir(options.casesDir);
      const summaries: CaseSummary[] = [];
      for (const name of names) {
        const caseId = name.slice(0, -CASE_FILE_SUFFIX.length);
        if (!name.endsWith(CASE_FILE_SUFFIX) || !/^[a-z0-9][a-z0-9-]{0,63}$/.test(caseId)) {
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
    'cases:create': async ({ name }) => {
      const caseId = `${slug(name)}-${randomBytes(4).toString('hex')}`;
      const handle = openHandle(caseId);
      handle.open.graph.setMeta('name', name);
      handle.open.graph.setMeta('createdAt', new Date().toISOString());
      const summary = await summarize(caseId, handle.open);
      emit('cases:changed', {});
      return summary;
    },
    'cases:open': async ({ caseId }) => {
      const handle = await getHandle(caseId);
      const active = [...sessions.values()].filter((tracked) => tracked.caseId === caseId);
      return {
        summary: await summarize(caseId, handle.open),
        snapshot: handle.open.graph.snapshot(),
        positions: handle.open.graph.loadPositions(),
        sessions: active.map((tracked) => tracked.session.progress()),
      };
    },
    'cases:rename': async ({ caseId, name }) => {
      const handle = await getHandle(caseId);
      handle.open.graph.setMeta('name', name);
      const summary = await summarize(caseId, handle.open);
      emit('cases:changed', {});
      return summary;
    },
    'cases:delete': async ({ caseId }) => {
      const file = fileOf(caseId);
      if (!(await exists(file))) {
        throw new ServiceError('not_found', `no case with id ${caseId}`);
      }
      const handle = cases.get(caseId);
      if (handle !== undefined) {
        await closeHandle(handle);
      }
      try {
        // Refused while a CLI run (or another app window) has the case open: deleting it under
        // a writer would lose that writer's work while it reports success.
        deleteCaseFile(file);
      } catch (error) {
        if (error instanceof CaseInUseError) {
          throw new ServiceError('conflict', error.message);
        }
        throw error;
      }
      emit('cases:changed', {});
      return {};
    },
    'session:start': async ({ caseId, seeds, depth }) => {
      const parsed: TypedAsset[] = [];
      for (const input of seeds) {
        const result = parseSeed(input.type, input.value);
        if (!result.ok) {
          throw new ServiceError('invalid_seed', result.error);
        }
        parsed.push(result.seed);
      }
      const handle = await getHandle(caseId);
      const session = handle.open.startSession(
        depth === undefined ? { seeds: parsed } : { seeds: parsed, depth },
      );
      return trackSession(caseId, session);
    },
    'session:pause': ({ sessionId }) => {
      const session = getSession(sessionId);
      session.pause();
      return Promise.resolve(session.progress());
    },
    'session:resume': ({ sessionId }) => {
      const session = getSession(sessionId);
      session.resume();
      return Promise.resolve(session.progress());
    },
    'session:cancel': ({ sessionId }) => {
      const session = getSession(sessionId);
      session.cancel();
      return Promise.resolve(session.progress());
    },
    'graph:expand-node': async ({ caseId, entityId, refresh, depth }) => {
      const handle = await getHandle(caseId);
      if (handle.open.graph.findEntity(entityId) === undefined) {
        throw new ServiceError('not_found', `no entity ${entityId} in this case`);
      }
      const session = handle.open.startSession({
        seeds: [entityId],
        depth: depth ?? 1,
        refresh: refresh ?? false,
      });
      return trackSession(caseId, session);
    },
    'graph:get-snapshot': async ({ caseId }) => (await getHandle(caseId)).open.graph.snapshot(),
    'graph:save-positions': async ({ caseId, positions }) => {
      if (Object.keys(positions).length > 500_000) {
        throw new ServiceError('invalid_request', 'too many positions');
      }
      (await getHandle(caseId)).open.graph.savePositions(positions);
      return {};
    },
    'credentials:get-status': () => options.credentials.status(),
    'credentials:set': async ({ source, secret, scope }) => {
      await options.credentials.set(source, secret.trim(), scope ?? 'keychain');
      return options.credentials.status();
    },
    'credentials:delete': async ({ source }) => {
      await options.credentials.delete(source);
      return options.credentials.status();
    },
    'settings:get': () => Promise.resolve(settingsView()),
    'settings:set': async ({ values }) => {
      const file = mergeEditable(await readSettingsFile(options.settingsPath), values);
      let next: AppConfig;
      try {
        next = configFromFile(file);
      } catch (error) {
        throw new ServiceError('invalid_settings', error instanceof Error ? error.message : String(error));
      }
      await writeSettingsFile(options.settingsPath, file);
      pendingConfig = next;
      // Shown at once; the engine uses it as soon as no session runs.
      const view: SettingsView = { path: options.settingsPath, values: editableFromConfig(next) };
      await applyPendingConfig();
      return view;
    },
    'export:graph': async ({ caseId, format }) => {
      const handle = await getHandle(caseId);
      const graph = handle.open.graph.exportJson();
      const base = slug(handle.open.graph.getMeta('name') ?? caseId);
      switch (format) {
        case 'json':
          return {
            files: [
              { name: `${base}.json`, mimeType: 'application/json', content: JSON.stringify(graph, null, 2) },
            ],
          };
        case 'graphml':
          return {
            files: [{ name: `${base}.graphml`, mimeType: 'application/xml', content: toGraphml(graph) }],
          };
        case 'csv': {
          const tables = toCsv(graph);
          return {
            files: [
              { name: `${base}-nodes.csv`, mimeType: 'text/csv', content: tables.nodes },
              { name: `${base}-edges.csv`, mimeType: 'text/csv', content: tables.edges },
            ],
          };
        }
      }
    },
  };

  const run = async <C extends InvokeChannel>(channel: C, request: unknown): Promise<Result<unknown>> => {
    const parsed = REQUEST_SCHEMAS[channel].safeParse(request);
    if (!parsed.success) {
      return fail('invalid_request', describeIssue(parsed.error));
    }
    const handler = handlers[channel] as (request: unknown) => Promise<unknown>;
    return ok(await handler(parsed.data));
  };

  return {
    async invoke(channel, request) {
      if (!isInvokeChannel(channel)) {
        return fail('invalid_request', 'unknown channel');
      }
      try {
        return await run(channel, request);
      } catch (error) {
        if (error instanceof ServiceError) {
          return fail(error.code, error.message);
        }
        if (isKeychainUnavailable(error)) {
          return fail('credential_store_unavailable', error.message);
        }
        options.logger.error('request failed', { channel, error: String(error) });
        return fail('internal', firstLine(error instanceof Error ? error.message : String(error)));
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      for (const handle of [...cases.values()]) {
        await closeHandle(handle);
      }
      await engine.close();
      listeners.clear();
    },
  };
}

function slug(name: string): string {
  const text = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return text === '' ? 'case' : text;
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').slice(0, 500);
}
