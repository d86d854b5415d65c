/**
 * The app services: the IPC contract implemented once. Both hosts (Electron ipcMain, the loopback
 * WebSocket) pass raw requests to invoke(), which validates them, runs the handler and returns a
 * Result; events (coalesced graph deltas, throttled progress) go to every subscriber.
 *
 * The parts: case-files.ts (the cases folder), session-tracker.ts (running sessions and their
 * progress events), settings-service.ts (the configuration and its deferred change),
 * export-graph.ts (export formats), review-service.ts (reviewed matches), history-service.ts (undo,
 * merge), team-cases.ts (team cases on PostgreSQL, their recent list); core-handlers.ts answers the
 * case, session, graph, settings and team-case channels. This file builds them and routes each
 * channel; a failure becomes its reply in src/main/error-replies.ts.
 */
import path from 'node:path';
import type { InvokeChannel, InvokeMap } from '../../shared/ipc/contract';
import { isInvokeChannel } from '../../shared/ipc/contract';
import type { Result } from '../../shared/ipc/result';
import { fail, ok } from '../../shared/ipc/result';
import type { AppConfig, Engine, EngineOptions, Logger } from '../../engine/index';
import { builtinPlugins } from '../../engine/index';
import type { AppCredentials } from './app-credentials';
import { replyErrorOf } from '../error-replies';
import { caseFileSource, createCaseFiles } from './case-files';
import type { CaseFileDialogs } from './case-file-handlers';
import { createCaseFileHandlers } from './case-file-handlers';
import type { AnyCase, AppEventListener, CaseResolvers, CaseSource } from './case-resolvers';
import {
  caseHandlers,
  graphHandlers,
  sessionHandlers,
  settingsHandlers,
  teamCaseHandlers,
  type ServiceContext,
} from './core-handlers';
import { createHistoryHandlers } from './history-service';
import { createChangesHandlers } from './changes-service';
import { describeIssue, REQUEST_SCHEMAS } from './request-schemas';
import { createAnnotationHandlers } from './annotation-service';
import { createReviewHandlers } from './review-service';
import { createSessionTracker } from './session-tracker';
import { createSettingsService, type SettingsService } from './settings-service';
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

/**
 * Builds the services once and routes every channel: the case sources (`caseSources`), the
 * session tracker, then each channel group (core-handlers.ts and the *-service.ts files);
 * `invoker` validates a request, runs its handler and turns a failure into the reply
 * (src/main/error-replies.ts).
 */
export async function createAppServices(options: AppServicesOptions): Promise<AppServices> {
  const listeners = new Set<AppEventListener>();
  const emit = broadcast(listeners, options.logger);
  const settings = await createSettingsService(options.settingsPath);
  const engine = { current: options.createEngine(settings.config) };
  const { cases, teamCases, sourceOf, resolvers } = await caseSources(options, settings, engine, emit);

  const context: ServiceContext = {
    caseOf: (caseId) => resolvers.caseOf(caseId),
    writableCase: (caseId) => resolvers.writableCase(caseId),
    emit,
    logger: options.logger,
    credentials: options.credentials,
    settings,
    cases,
    teamCases,
    sourceOf,
    sessions: createSessionTracker({
      progressIntervalMs: options.progressIntervalMs ?? 200,
      onProgress: (caseId, progress) => emit('session:progress', { caseId, progress }),
      beforeFinalProgress: (caseId) => sourceOf(caseId).find(caseId)?.batcher.flush(),
      afterEnd: () => context.applyPendingConfig(),
      logger: options.logger,
    }),
    openedCase: async (handle) => ({
      summary: await sourceOf(handle.id).summarise(handle),
      snapshot: handle.open.graph.snapshot(),
      positions: handle.open.graph.loadPositions(),
      sessions: context.sessions.progressOf(handle.id),
    }),
    applyPendingConfig: () => applyPendingConfig(context, engine, options),
  };
  const { sessions } = context;

  const handlers: Handlers = {
    ...caseHandlers(context),
    ...sessionHandlers(context),
    ...graphHandlers(context),
    ...settingsHandlers(context),
    ...createCaseFileHandlers({
      cases,
      caseOf: context.caseOf,
      sourceOf,
      openedCase: context.openedCase,
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
    ...teamCaseHandlers(context),
  };

  return {
    invoke: invoker(handlers, options.logger),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      cases.stopWatching();
      await cases.closeAll();
      await teamCases.closeAll();
      await engine.current.close();
      listeners.clear();
    },
  };
}

/** Sends an event to every subscriber; a failing subscriber is logged and the others still get it. */
function broadcast(listeners: ReadonlySet<AppEventListener>, logger: Logger): AppEventListener {
  return (event, payload) => {
    for (const listener of listeners) {
      try {
        listener(event, payload);
      } catch (error) {
        logger.warn('event listener failed', { event, error: String(error) });
      }
    }
  };
}

/**
 * The two case sources (the cases folder, the team cases) and the resolvers every service uses:
 * the team source claims its ids, the cases folder takes the rest.
 */
async function caseSources(
  options: AppServicesOptions,
  settings: SettingsService,
  engine: { current: Engine },
  emit: AppEventListener,
) {
  const cases = await createCaseFiles({
    casesDir: options.casesDir,
    engine: () => engine.current,
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
  return { cases, teamCases, sourceOf, resolvers };
}

/** A changed configuration takes effect once no session runs: cases reopen on a new engine. */
async function applyPendingConfig(
  { sessions, settings, cases, teamCases, emit, logger }: ServiceContext,
  engine: { current: Engine },
  options: AppServicesOptions,
): Promise<void> {
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
  await engine.current.close();
  engine.current = options.createEngine(next);
  // Team cases reopen at once on the new configuration (password from the keychain), so their
  // windows keep receiving what other members write; a renderer that missed some sees a gap.
  for (const caseId of teamIds) {
    teamCases.get(caseId).then(
      () => emit('team-cases:connection', { caseId, state: 'connected' }),
      (error: unknown) => {
        logger.warn('could not reopen a team case after a settings change', {
          caseId,
          error: error instanceof Error ? error.message : String(error),
        });
      },
    );
  }
}

/** Validates a request against its channel's schema, runs its handler, and replies with a Result. */
function invoker(handlers: Handlers, logger: Logger): AppServices['invoke'] {
  const run = async <C extends InvokeChannel>(channel: C, request: unknown): Promise<Result<unknown>> => {
    const parsed = REQUEST_SCHEMAS[channel].safeParse(request);
    if (!parsed.success) {
      return fail('invalid_request', describeIssue(parsed.error));
    }
    const handler = handlers[channel] as (request: unknown) => Promise<unknown>;
    return ok(await handler(parsed.data));
  };
  return async (channel, request) => {
    if (!isInvokeChannel(channel)) {
      return fail('invalid_request', 'unknown channel');
    }
    try {
      return await run(channel, request);
    } catch (error) {
      const { code, message, expected } = replyErrorOf(error);
      if (!expected) {
        logger.error('request failed', { channel, error: String(error) });
      }
      return fail(code, message);
    }
  };
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
