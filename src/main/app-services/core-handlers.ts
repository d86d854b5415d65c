/**
 * The channels the app services answer themselves (app-services.ts routes the others to their
 * services): cases, sessions, entities, settings and keys, team cases. Each group is a function
 * of the services it uses (ServiceContext), so a newcomer finds a channel by its group.
 */
import type { InvokeChannel, InvokeMap } from '../../shared/ipc/contract';
import type { TypedAsset } from '../../shared/model/asset';
import { orderRawRecords } from '../../shared/model/raw-record-order';
import { parseSeed } from '../../shared/model/seed';
import type { Logger } from '../../engine/index';
import type { AppCredentials } from './app-credentials';
import type { CaseFiles } from './case-files';
import type { AnyCase, AppEventListener, CaseResolvers, CaseSource } from './case-resolvers';
import { exportGraphFiles } from './export-graph';
import { ServiceError } from './service-error';
import type { SessionTracker } from './session-tracker';
import type { SettingsService } from './settings-service';
import type { TeamCases } from './team-cases';

export type HandlersOf<C extends InvokeChannel> = {
  [K in C]: (request: InvokeMap[K]['req']) => Promise<InvokeMap[K]['res']>;
};

/** The services every channel group reaches, built once by createAppServices. */
export interface ServiceContext {
  /** The open case for reading (opened on first use). */
  caseOf: CaseResolvers['caseOf'];
  /** The open case for an enriching write; throws a ServiceError when it cannot take one. */
  writableCase: CaseResolvers['writableCase'];
  emit: AppEventListener;
  logger: Logger;
  credentials: AppCredentials;
  settings: SettingsService;
  cases: CaseFiles;
  teamCases: TeamCases;
  sessions: SessionTracker;
  /** The source (cases folder or team cases) that owns a case id. */
  sourceOf: (caseId: string) => CaseSource;
  /** What opening a case answers, whichever its source. */
  openedCase: (handle: AnyCase) => Promise<InvokeMap['cases:open']['res']>;
  /** A changed configuration takes effect once no session runs (cases reopen on a new engine). */
  applyPendingConfig: () => Promise<void>;
}

type CaseChannel =
  'cases:list' | 'cases:create' | 'cases:open' | 'cases:rename' | 'cases:copy' | 'cases:delete';

/** The case list: create, open, rename, copy, delete (each change announced as `cases:changed`). */
export function caseHandlers({
  cases,
  caseOf,
  sourceOf,
  openedCase,
  emit,
}: ServiceContext): HandlersOf<CaseChannel> {
  return {
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
  };
}

type SessionChannel = 'session:start' | 'session:pause' | 'session:resume' | 'session:cancel';

/** Enrichment sessions: started from seeds, then paused, resumed or cancelled by id. */
export function sessionHandlers({ writableCase, sessions }: ServiceContext): HandlersOf<SessionChannel> {
  return {
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
  };
}

type GraphChannel =
  | 'graph:expand-node'
  | 'graph:get-snapshot'
  | 'graph:save-positions'
  | 'entity:handlers'
  | 'entity:run-handler'
  | 'entity:raw'
  | 'export:graph';

/** The graph and one entity: expand, snapshot, positions, its handlers, its raw records, export. */
export function graphHandlers({
  caseOf,
  writableCase,
  sourceOf,
  sessions,
}: ServiceContext): HandlersOf<GraphChannel> {
  return {
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
    'export:graph': async ({ caseId, format }) =>
      exportGraphFiles((await caseOf(caseId)).open.graph, caseId, format),
  };
}

type SettingsChannel =
  'credentials:get-status' | 'credentials:set' | 'credentials:delete' | 'settings:get' | 'settings:set';

/** Source keys and the settings (a change applies once no session runs). */
export function settingsHandlers({
  credentials,
  settings,
  applyPendingConfig,
}: ServiceContext): HandlersOf<SettingsChannel> {
  return {
    'credentials:get-status': () => credentials.status(),
    'credentials:set': async ({ source, secret, scope }) => {
      await credentials.set(source, secret.trim(), scope ?? 'keychain');
      return credentials.status();
    },
    'credentials:delete': async ({ source }) => {
      await credentials.delete(source);
      return credentials.status();
    },
    'settings:get': () => Promise.resolve(settings.view()),
    'settings:set': async ({ values }) => {
      const view = await settings.save(values);
      await applyPendingConfig();
      return view;
    },
  };
}

type TeamCaseChannel = 'team-cases:open' | 'team-cases:recent' | 'team-cases:forget';

/** Team cases: open from the form or the recent list, forget one. */
export function teamCaseHandlers({
  teamCases,
  sessions,
  openedCase,
}: ServiceContext): HandlersOf<TeamCaseChannel> {
  return {
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
}
