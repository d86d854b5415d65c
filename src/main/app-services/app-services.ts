/**
 * The app services: the IPC contract implemented once. Both hosts (Electron ipcMain, the loopback
 * WebSocket) pass raw requests to invoke(), which validates them, runs the handler and returns a
 * Result; events (coalesced graph deltas, throttled progress) go to every subscriber.
 *
 * The parts: case-files.ts (the cases folder), session-tracker.ts (running sessions and their
 * progress events), settings-service.ts (the configuration and its deferred change),
 * export-graph.ts (export formats), review-service.ts (reviewed matches), history-service.ts (undo,
 * merge), team-cases.ts (team cases on PostgreSQL, their recent list); this file routes each channel
 * to them.
 */
import { orderRawRecords } from '../../shared/model/raw-record-order';
import path from 'node:path';
import type { InvokeChannel, InvokeMap } from '../../shared/ipc/contract';
import { isInvokeChannel } from '../../shared/ipc/contract';
import type { Result } from '../../shared/ipc/result';
import { fail, ok } from '../../shared/ipc/result';
import type { TypedAsset } from '../../shared/model/asset';
import { parseSeed } from '../../shared/model/seed';
import type { AppConfig, Engine, EngineOptions, Logger } from '../../engine/index';
import { builtinPlugins } from '../../engine/index';
import type { AppCredentials } from './app-credentials';
import { isKeychainUnavailable } from './app-credentials';
import { caseFileSource, createCaseFiles } from './case-files';
import type { CaseFileDialogs } from './case-file-handlers';
import { createCaseFileHandlers } from './case-file-handlers';
import type { AnyCase, AppEventListener, CaseResolvers, CaseSource } from './case-resolvers';
import { exportGraphFiles } from './export-graph';
import { createHistoryHandlers } from './history-service';
import { createChangesHandlers } from './changes-service';
import { describeIssue, REQUEST_SCHEMAS } from './request-schemas';
import { createAnnotationHandlers } from './annotation-service';
import { createReviewHandlers } from './review-service';
import { ServiceError } from './service-error';
import { createSessionTracker } from './session-tracker';
import { createSettingsService } from './settings-service';
import { createRecentTeamCases } from './team-case-recents';
import { createTeamCases, teamCaseSource } from './team-cases';

export interface AppServicesOptions {
  casesDir: string;
  settingsPath: string;
  /**
   * Builds an engine for a configuration (again after the settings change); a team case's engine
   * gets its database's rate ledger.
   */
  createEngine(config: AppConfig, extra?: Pick<EngineOptions, 'rateLedger'>): Engine;
  /** The recent team cases file (default: `team-cases.json` beside the settings file). */
  recentTeamCasesPath?: string;
  credentials: AppCredentials;
  logger: Logger;
  /** Window over which graph deltas are coalesced (default 50 ms). */
  deltaWindowMs?: number;
  /** Minimum interval between progress events of one session (default 200 ms). */
  progressIntervalMs?: number;
  /** The host's native file dialogs (the desktop app); the web host has none. */
  caseFileDialogs?: CaseFileDialogs;
}

export type { AppEventListener };

export interface AppServices {
  /** Validates and runs one request. Never throws: failures are Results with a code. */
  invoke(channel: unknown, request: unknown): Promise<Result<unknown>>;
  subscribe(listener: AppEventListener): () => void;
  close(): Promise<void>;
}

type Handlers = { [C in InvokeChannel]: (request: InvokeMap[C]['req']) => Promise<InvokeMap[C]['res']> };

export async function createAppServices(options: AppServicesOptions): Promise<AppServices> {
  const listeners = new Set<AppEventListener>();
  const emit: AppEventListener = (event, payload) => {
    for (const listener of listeners) {
      try {
        listener(event, payload);
      } catch (error) {
        options.logger.warn('event listener failed', { event, error: String(error) });
      }
    }
  };

  const settings = await createSettingsService(options.settingsPath);
  let engine = options.createEngine(settings.config);
  const cases = await createCaseFiles({
    casesDir: options.casesDir,
    engine: () => engine,
    deltaWindowMs: options.deltaWindowMs ?? 50,
    onDeltas: (caseId, batch) => emit('graph:delta', { caseId, fromSeq: batch.fromSeq, delta: batch.delta }),
    onFolderChange: () => emit('cases:changed', {}),
    rememberedFilesPath: path.join(path.dirname(options.settingsPath), 'case-files.json'),
    logger: options.logger,
  });

  const teamCases = createTeamCases({
    recents: createRecentTeamCases(
      options.recentTeamCasesPath ?? path.join(path.dirname(options.settingsPath), 'team-cases.json'),
      options.logger,
    ),
    credentials: options.credentials,
    config: () => settings.config,
    createEngine: (config, extra) => options.createEngine(config, extra),
    deltaWindowMs: options.deltaWindowMs ?? 50,
    onDeltas: (caseId, batch) => emit('graph:delta', { caseId, fromSeq: batch.fromSeq, delta: batch.delta }),
    onConnection: (caseId, state) => emit('team-cases:connection', { caseId, state }),
    onReset: (caseId, seq) => emit('graph:reset', { caseId, seq }),
    logger: options.logger,
  });

  // The team source claims its ids; the cases folder takes the rest.
  const caseFiles = caseFileSource(cases);
  const sources: readonly CaseSource[] = [teamCaseSource(teamCases), caseFiles];
  const sourceOf = (caseId: string): CaseSource => sources.find((source) => source.owns(caseId)) ?? caseFiles;
  const caseOf = (caseId: string): Promise<AnyCase> => sourceOf(caseId).get(caseId);

  /** Enriching writes: refused with one line when the case's source says it cannot take one. */
  const writableCase = async (caseId: string): Promise<AnyCase> => {
    const handle = await caseOf(caseId);
    const refusal = sourceOf(caseId).writeRefusal(handle);
    if (refusal !== undefined) {
      throw refusal;
    }
    return handle;
  };
  const resolvers: CaseResolvers = { caseOf, writableCase };

  /** What opening a case answers, whichever its source. */
  const openedCase = async (handle: AnyCase) => ({
    summary: await sourceOf(handle.id).summarise(handle),
    snapshot: handle.open.graph.snapshot(),
    positions: handle.open.graph.loadPositions(),
    sessions: sessions.progressOf(handle.id),
  });

  /** A changed configuration takes effect once no session runs: cases reopen on a new engine. */
  const applyPendingConfig = async (): Promise<void> => {
    if (sessions.size > 0) {
      return;
    }
    const next = settings.takePending();
    if (next === undefined) {
      return;
    }
    await cases.closeAll();
    const teamIds = teamCases.openIds();
    await teamCases.closeAll();
    await engine.close();
    engine = options.createEngine(next);
    // Team cases reopen at once on the new configuration (password from the keychain), so their
    // windows keep receiving what other members write; a renderer that missed some sees a gap.
    for (const caseId of teamIds) {
      teamCases.get(caseId).then(
        () => emit('team-cases:connection', { caseId, state: 'connected' }),
        (error: unknown) => {
          options.logger.warn('could not reopen a team case after a settings change', {
            caseId,
            error: error instanceof Error ? error.message : String(error),
          });
        },
      );
    }
  };

  const sessions = createSessionTracker({
    progressIntervalMs: options.progressIntervalMs ?? 200,
    onProgress: (caseId, progress) => emit('session:progress', { caseId, progress }),
    beforeFinalProgress: (caseId) => sourceOf(caseId).find(caseId)?.batcher.flush(),
    afterEnd: applyPendingConfig,
    logger: options.logger,
  });

  const handlers: Handlers = {
    'cases:list': () => cases.list(),
    'cases:create': async ({ name }) => {
      const summary = await cases.create(name);
      emit('cases:changed', {});
      return summary;
    },
    'cases:open': async ({ caseId }) => openedCase(await caseOf(caseId)),
    'cases:rename': async ({ caseId, name }) => {
      const summary = await sourceOf(caseId).rename(caseId, name);
      emit('cases:changed', {});
      return summary;
    },
    'cases:copy': async ({ caseId }) => {
      const handle = await caseOf(caseId);
      // A team case's copy is a case file of what this client has seen (its replica).
      const summary = await cases.copyOf(handle.open, sourceOf(caseId).copyName(handle));
      emit('cases:changed', {});
      return summary;
    },
    'cases:delete': async ({ caseId }) => {
      await sourceOf(caseId).delete(caseId);
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
      const handle = await writableCase(caseId);
      const session = handle.open.startSession(
        depth === undefined ? { seeds: parsed } : { seeds: parsed, depth },
      );
      return sessions.track(caseId, session);
    },
    'session:pause': ({ sessionId }) => {
      const session = sessions.get(sessionId);
      session.pause();
      return Promise.resolve(session.progress());
    },
    'session:resume': ({ sessionId }) => {
      const session = sessions.get(sessionId);
      session.resume();
      return Promise.resolve(session.progress());
    },
    'session:cancel': ({ sessionId }) => {
      const session = sessions.get(sessionId);
      session.cancel();
      return Promise.resolve(session.progress());
    },
    'graph:expand-node': async ({ caseId, entityId, refresh, depth }) => {
      const handle = await writableCase(caseId);
      if (handle.open.graph.findEntity(entityId) === undefined) {
        throw new ServiceError('not_found', `no entity ${entityId} in this case`);
      }
      const session = handle.open.startSession({
        seeds: [entityId],
        depth: depth ?? 1,
        refresh: refresh ?? false,
      });
      return sessions.track(caseId, session);
    },
    'graph:get-snapshot': async ({ caseId }) => (await caseOf(caseId)).open.graph.snapshot(),
    'graph:save-positions': async ({ caseId, positions }) => {
      if (Object.keys(positions).length > 500_000) {
        throw new ServiceError('invalid_request', 'too many positions');
      }
      const handle = await caseOf(caseId);
      // A read-only member's layout stays on its screen: the shared case cannot take it.
      if (!sourceOf(caseId).readOnly(handle)) {
        handle.open.graph.savePositions(positions);
      }
      return {};
    },
    'entity:handlers': async ({ caseId, entityId }) => {
      const handlers = await (await caseOf(caseId)).open.handlerStates(entityId);
      if (handlers === undefined) {
        throw new ServiceError('not_found', `no entity ${entityId} in this case`);
      }
      return { handlers };
    },
    'entity:run-handler': async ({ caseId, entityId, handler, refresh }) => {
      const handle = await writableCase(caseId);
      const applicable = await handle.open.handlerStates(entityId);
      if (applicable === undefined) {
        throw new ServiceError('not_found', `no entity ${entityId} in this case`);
      }
      if (!applicable.some((state) => state.handler === handler)) {
        throw new ServiceError('invalid_request', `${handler} does not apply to ${entityId}`);
      }
      const session = handle.open.startSession({
        seeds: [entityId],
        depth: 0,
        refresh: refresh ?? false,
        handler,
      });
      return sessions.track(caseId, session);
    },
    'entity:raw': async ({ caseId, entityId }) => {
      const { graph } = (await caseOf(caseId)).open;
      if (graph.findEntity(graph.resolveId(entityId)) === undefined) {
        throw new ServiceError('not_found', `no entity ${entityId} in this case`);
      }
      return { records: orderRawRecords(graph.rawRecords(entityId)) };
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
    'settings:get': () => Promise.resolve(settings.view()),
    'settings:set': async ({ values }) => {
      const view = await settings.save(values);
      await applyPendingConfig();
      return view;
    },
    'export:graph': async ({ caseId, format }) =>
      exportGraphFiles((await caseOf(caseId)).open.graph, caseId, format),
    ...createCaseFileHandlers({
      cases,
      caseOf,
      sourceOf,
      openedCase,
      emit,
      dialogs: options.caseFileDialogs,
    }),
    ...createReviewHandlers({ cases: resolvers, sessions }),
    ...createAnnotationHandlers({ cases: resolvers, environment: process.env }),
    ...createHistoryHandlers({ cases: resolvers, sessions, emit }),
    ...createChangesHandlers({
      cases: resolvers,
      sessions,
      secrets: () => configuredSecrets(options.credentials),
    }),
    'team-cases:open': async ({ connection, password, remember }) => {
      const { handle, notice } = await teamCases.open({ connection, password, remember });
      return {
        ...(await openedCase(handle)),
        created: handle.created,
        ...(notice === undefined ? {} : { notice }),
      };
    },
    'team-cases:recent': () => teamCases.recent(),
    'team-cases:forget': async ({ caseId }) => {
      if (sessions.progressOf(caseId).length > 0) {
        throw new ServiceError('conflict', 'A session is running on this team case: cancel it first.');
      }
      return teamCases.forget(caseId);
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
      cases.stopWatching();
      await cases.closeAll();
      await teamCases.closeAll();
      await engine.close();
      listeners.clear();
    },
  };
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').slice(0, 500);
}

/** Every configured source key, for masking in reports (a key that cannot be read is not known). */
async function configuredSecrets(credentials: AppCredentials): Promise<string[]> {
  const names = [
    ...new Set(
      builtinPlugins().flatMap((plugin) => (plugin.credential === undefined ? [] : [plugin.credential])),
    ),
  ];
  const values = await Promise.all(names.map((name) => credentials.store.get(name).catch(() => undefined)));
  return values.filter((value): value is string => value !== undefined && value !== '');
}
