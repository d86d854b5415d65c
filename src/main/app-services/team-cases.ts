/**
 * Team cases in the app: cases kept in a PostgreSQL database that several investigators open at
 * once (docs/team-cases.md). Each open team case has its own engine, whose rate limits go through
 * the database's ledger so they hold for the whole team, and its own delta batcher; its
 * connection state (`reconnecting` while the server is out of reach) is an event for the banner.
 *
 * The password arrives with the open request only. It is kept under the server's credential
 * (`postgresql:USER@HOST:PORT`, the entry the CLI reads) once the server accepted it, in the OS
 * keychain or for this run only, and it never goes back to the renderer or into a log.
 */
import { createHash } from 'node:crypto';
import type {
  CaseSummary,
  RecentTeamCase,
  TeamCaseConnection,
  TeamConnectionState,
} from '../../shared/ipc/contract';
import type { GraphDelta } from '../../shared/model/graph';
import type {
  AppConfig,
  Engine,
  EngineOptions,
  Logger,
  OpenCase,
  PostgresCaseGraph,
} from '../../engine/index';
import {
  describeTeamCase,
  parseTeamCaseUrl,
  teamPasswordCredential,
  type TeamCaseTarget,
} from '../../engine/index';
import type { AppCredentials } from './app-credentials';
import { isKeychainUnavailable } from './app-credentials';
import type { CaseSource } from './case-resolvers';
import type { DeltaBatcher } from './delta-batcher';
import { createDeltaBatcher } from './delta-batcher';
import type { RecentTeamCases } from './team-case-recents';
import { ServiceError } from './service-error';
import { openTeamCaseOnEngine } from './team-case-opening';

const TEAM_CASE_ID = /^team-[0-9a-f]{16}$/;

/** True when a case id names a team case (file case ids never have this shape). */
export function isTeamCaseId(caseId: string): boolean {
  return TEAM_CASE_ID.test(caseId);
}

export interface TeamCaseHandle {
  id: string;
  target: TeamCaseTarget;
  store: PostgresCaseGraph;
  open: OpenCase;
  batcher: DeltaBatcher;
  connection: TeamConnectionState;
  /** Set when opening created the case in its database. */
  created: boolean;
}

export interface TeamCasesOptions {
  recents: RecentTeamCases;
  credentials: AppCredentials;
  /** The configuration a team case's engine runs with (the settings' current one). */
  config: () => AppConfig;
  createEngine: (config: AppConfig, extra?: Pick<EngineOptions, 'rateLedger'>) => Engine;
  deltaWindowMs: number;
  onDeltas: (caseId: string, batch: { fromSeq: number; delta: GraphDelta }) => void;
  onConnection: (caseId: string, state: TeamConnectionState) => void;
  /** Another member undid a session: windows showing the case reload it (deltas carry no removals). */
  onReset?: (caseId: string, seq: number) => void;
  logger: Logger;
  /** How often a reconnecting case pokes its server (default 1 s). */
  probeIntervalMs?: number;
}

export interface OpenTeamCaseRequest {
  connection: TeamCaseConnection;
  password?: string | undefined;
  remember?: 'keychain' | 'this-run' | undefined;
}

export interface TeamCases {
  /** Opens a team case from the form (or the recent list); an open one is returned as it is. */
  open(request: OpenTeamCaseRequest): Promise<{ handle: TeamCaseHandle; notice?: string }>;
  /** The open team case, reopening a known one (password from the keychain) when it was closed. */
  get(caseId: string): Promise<TeamCaseHandle>;
  find(caseId: string): TeamCaseHandle | undefined;
  summarize(handle: TeamCaseHandle): CaseSummary;
  recent(): Promise<RecentTeamCase[]>;
  /** Removes a case from the recent list, closing it when it is open. */
  forget(caseId: string): Promise<RecentTeamCase[]>;
  closeAll(): Promise<void>;
  /** The ids of the open team cases. */
  openIds(): string[];
}

/**
 * The team case the form's fields name, checked by the same rules as the CLI's address. The
 * fields must come back from the address unchanged: a host such as `a@b` or `b/x` would otherwise
 * be read as another user, host or database than the one the form shows.
 */
export function teamCaseTarget(connection: TeamCaseConnection): TeamCaseTarget {
  const fields = { ...connection, host: connection.host.trim(), caseName: connection.caseName.trim() };
  // An address that cannot be used throws TeamCaseUrlError: `invalid_request`.
  const target = parseTeamCaseUrl(describeTeamCase(fields));
  for (const key of ['host', 'port', 'user', 'database'] as const) {
    if (target[key] !== fields[key]) {
      throw new ServiceError(
        'invalid_request',
        `not a valid ${key === 'host' ? 'server host' : key}: ${fields[key]}`,
      );
    }
  }
  return target;
}

/** One id per case whatever TLS mode reaches it: user, server, database and case name. */
export function teamCaseId(target: TeamCaseTarget): string {
  const address = describeTeamCase({ ...target, sslMode: 'prefer' });
  return `team-${createHash('sha256').update(address).digest('hex').slice(0, 16)}`;
}

interface OpenTeamCase {
  handle: TeamCaseHandle;
  close(): Promise<void>;
}

export function createTeamCases(options: TeamCasesOptions): TeamCases {
  const opened = new Map<string, OpenTeamCase>();
  const opening = new Map<string, Promise<OpenTeamCase>>();
  /** Targets opened this run, so a case closed by a settings change can be opened again. */
  const known = new Map<string, TeamCaseTarget>();

  /**
   * Opens a case once even when two requests ask for it together. A failure is a TeamCaseError
   * whose code says what the form does next (ask for the password, or show the line).
   */
  const openOnce = async (
    id: string,
    target: TeamCaseTarget,
    password: string | undefined,
  ): Promise<{ entry: OpenTeamCase; fresh: boolean }> => {
    // A concurrent open that failed is no answer for this request: it tries for itself.
    const existing = opened.get(id) ?? (await opening.get(id)?.catch(() => undefined));
    if (existing !== undefined) {
      return { entry: existing, fresh: false };
    }
    const pending = connectTeamCase(options, id, target, password);
    opening.set(id, pending);
    try {
      const entry = await pending;
      opened.set(id, entry);
      known.set(id, target);
      return { entry, fresh: true };
    } finally {
      opening.delete(id);
    }
  };

  const close = async (caseId: string): Promise<void> => {
    const entry = opened.get(caseId);
    if (entry !== undefined) {
      opened.delete(caseId);
      await entry.close();
    }
  };

  return {
    async open({ connection, password, remember: scope }) {
      const target = teamCaseTarget(connection);
      const id = teamCaseId(target);
      const given = password === undefined || password === '' ? undefined : password;
      const { entry, fresh } = await openOnce(id, target, given ?? (await savedPassword(options, target)));
      const { handle } = entry;
      // Kept only once the server accepted it (a case already open proves nothing about it).
      const notice =
        given === undefined || !fresh
          ? undefined
          : await keepPassword(options.credentials, target, given, scope ?? 'keychain');
      await rememberRecent(options.recents, handle);
      return notice === undefined ? { handle } : { handle, notice };
    },
    async get(caseId) {
      const entry = opened.get(caseId);
      if (entry !== undefined) {
        return entry.handle;
      }
      const target = known.get(caseId) ?? (await recentTarget(options.recents, caseId));
      if (target === undefined) {
        throw new ServiceError('not_found', `no team case with id ${caseId}`);
      }
      return (await openOnce(caseId, target, await savedPassword(options, target))).entry.handle;
    },
    find: (caseId) => opened.get(caseId)?.handle,
    summarize: summarizeTeamCase,
    recent: () => options.recents.list(),
    async forget(caseId) {
      await close(caseId);
      known.delete(caseId);
      return options.recents.forget(caseId);
    },
    async closeAll() {
      await Promise.all([...opened.keys()].map((caseId) => close(caseId)));
    },
    openIds: () => [...opened.keys()],
  };
}

/** A team case as the case list shows it. */
function summarizeTeamCase(handle: TeamCaseHandle): CaseSummary {
  const createdAt = handle.open.graph.getMeta('createdAt');
  const now = new Date().toISOString();
  return {
    id: handle.id,
    name: handle.target.caseName,
    createdAt: createdAt ?? now,
    updatedAt: now,
    sizeBytes: 0,
    team: {
      address: handle.store.address,
      readOnly: handle.store.readOnly,
      connection: handle.connection,
    },
  };
}

/** The password kept for a team case's server, if any (a keychain failure is logged, not thrown). */
async function savedPassword(
  { credentials, logger }: Pick<TeamCasesOptions, 'credentials' | 'logger'>,
  target: TeamCaseTarget,
): Promise<string | undefined> {
  try {
    return await credentials.store.get(teamPasswordCredential(target));
  } catch (error) {
    logger.warn('could not read the team case password', { error: String(error) });
    return undefined;
  }
}

/** Keeps an accepted password; an unreachable keychain keeps it for this run and says so. */
async function keepPassword(
  credentials: AppCredentials,
  target: TeamCaseTarget,
  password: string,
  remember: 'keychain' | 'this-run',
): Promise<string | undefined> {
  const credential = teamPasswordCredential(target);
  try {
    await credentials.set(credential, password, remember);
    return undefined;
  } catch (error) {
    if (!isKeychainUnavailable(error)) {
      throw error;
    }
    await credentials.set(credential, password, 'this-run');
    return 'The OS keychain cannot be reached: the password is kept for this run only.';
  }
}

/**
 * Opens a team case on its own engine: its deltas batched for the windows, its connection state
 * reported (and probed while reconnecting), and how to close it all again.
 */
async function connectTeamCase(
  options: TeamCasesOptions,
  id: string,
  target: TeamCaseTarget,
  password: string | undefined,
): Promise<OpenTeamCase> {
  const opened = await openTeamCaseOnEngine(target, {
    password,
    logger: options.logger,
    createEngine: (extra) => options.createEngine(options.config(), extra),
  });
  const { store, open } = opened;
  const batcher = createDeltaBatcher({
    windowMs: options.deltaWindowMs,
    onFlush: (batch) => options.onDeltas(id, batch),
  });
  const stopDeltas = open.onDelta((delta) => batcher.push(delta));
  if (store.created) {
    open.graph.setMeta('createdAt', new Date().toISOString());
  }
  const handle: TeamCaseHandle = {
    id,
    target,
    store,
    open,
    batcher,
    connection: 'connected',
    created: store.created,
  };
  const probe = reconnectProbe(store, options.probeIntervalMs ?? 1_000);
  const stopReset = store.onReset((seq) => {
    batcher.flush();
    options.onReset?.(id, seq);
  });
  const stopState = store.onConnectionState((state) => {
    handle.connection = state;
    probe.watch(state);
    options.onConnection(id, state);
  });
  return {
    handle,
    close: async () => {
      stopState();
      stopReset();
      probe.stop();
      await open.close();
      batcher.flush();
      stopDeltas();
      batcher.dispose();
      await opened.close();
    },
  };
}

/** Puts the case at the top of the recent list. */
function rememberRecent(recents: RecentTeamCases, handle: TeamCaseHandle): Promise<void> {
  return recents.remember({
    id: handle.id,
    address: handle.store.address,
    host: handle.target.host,
    port: handle.target.port,
    database: handle.target.database,
    user: handle.target.user,
    // The form offers these modes only, so a recent entry has one of them.
    sslMode: handle.target.sslMode as RecentTeamCase['sslMode'],
    caseName: handle.target.caseName,
    lastOpenedAt: new Date().toISOString(),
  });
}

async function recentTarget(recents: RecentTeamCases, caseId: string): Promise<TeamCaseTarget | undefined> {
  const entry = await recents.find(caseId);
  return entry === undefined ? undefined : teamCaseTarget(entry);
}

/** Team cases as a case source: ids of the `team-...` shape; no rename or delete from the app. */
export function teamCaseSource(teamCases: TeamCases): CaseSource {
  const teamCase = async (caseId: string) => {
    const team = await teamCases.get(caseId);
    return team;
  };
  const refuse = (action: string): Promise<never> =>
    Promise.reject(new ServiceError('invalid_request', `A team case cannot be ${action} from the app.`));
  return {
    owns: isTeamCaseId,
    get: teamCase,
    find: (caseId) => teamCases.find(caseId),
    summarise: async (handle) => teamCases.summarize(await teamCase(handle.id)),
    copyName: (handle) => `${teamCases.find(handle.id)?.target.caseName ?? handle.id} (copy)`,
    rename: () => refuse('renamed (its name is its address)'),
    delete: () => refuse('deleted (remove it from the recent list instead)'),
    writeRefusal: (handle) => {
      const team = teamCases.find(handle.id);
      if (team?.store.readOnly === true) {
        return new ServiceError(
          'read_only',
          `${team.store.address} is read-only for PostgreSQL user ${team.target.user}: you can open and export it, not enrich it`,
        );
      }
      if (team?.connection === 'reconnecting') {
        return new ServiceError(
          'unavailable',
          'The team case is reconnecting to its server: nothing can be written until the connection is back.',
        );
      }
      return undefined;
    },
    readOnly: (handle) => teamCases.find(handle.id)?.store.readOnly === true,
  };
}

/**
 * The store reconnects its write connection on its next operation only, and the app writes
 * nothing while the banner is up: so while reconnecting, a light read (which goes through that
 * connection) is made every interval until the store reports `connected`.
 */
function reconnectProbe(
  store: PostgresCaseGraph,
  intervalMs: number,
): { watch(state: TeamConnectionState): void; stop(): void } {
  let timer: ReturnType<typeof setInterval> | undefined;
  let inFlight = false;
  const stop = (): void => {
    if (timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  return {
    watch(state) {
      if (state === 'connected') {
        stop();
        return;
      }
      timer ??= setInterval(() => {
        if (inFlight) {
          return;
        }
        inFlight = true;
        // A failure means the server is still away; the next tick tries again.
        void store
          .settle()
          .catch(() => undefined)
          .finally(() => {
            inFlight = false;
          });
      }, intervalMs);
    },
    stop,
  };
}
