/**
 * The typed IPC contract between the renderer and main, shared by both hosts (Electron ipcMain and
 * the loopback WebSocket): the channel allow-lists, request/response and event payload types, and
 * the window.api shape derived from them. Payloads are plain structured-clone data.
 */
import type { FlagName } from '../model/annotation';
import type { EntityId } from '../model/asset';
import type { GraphDelta, GraphSnapshot, RawRecord } from '../model/graph';
import type { ReviewCandidate } from '../model/review';
import type { HandlerState } from '../model/handler-state';
import type { SessionProgress } from '../model/session';
import type { Result } from './result';
import type { CaseChange } from '../model/changes';

export const INVOKE_CHANNELS = [
  'cases:list',
  'cases:create',
  'cases:open',
  'cases:rename',
  'cases:delete',
  'cases:copy',
  'cases:open-file',
  'cases:save-copy-as',
  'session:start',
  'session:pause',
  'session:resume',
  'session:cancel',
  'graph:expand-node',
  'graph:get-snapshot',
  'graph:save-positions',
  'graph:merge-entities',
  'history:list-sessions',
  'history:undo-session',
  'entity:handlers',
  'entity:run-handler',
  'entity:raw',
  'credentials:get-status',
  'credentials:set',
  'credentials:delete',
  'settings:get',
  'settings:set',
  'export:graph',
  'export:report',
  'case:refresh',
  'changes:list',
  'review:list',
  'review:accept',
  'review:reject',
  'annotation:set',
  'review:none',
  'team-cases:open',
  'team-cases:recent',
  'team-cases:forget',
] as const;

export const EVENT_CHANNELS = [
  'graph:delta',
  'graph:reset',
  'session:progress',
  'cases:changed',
  'team-cases:connection',
] as const;

export type InvokeChannel = (typeof INVOKE_CHANNELS)[number];
export type EventChannel = (typeof EVENT_CHANNELS)[number];

export function isInvokeChannel(value: unknown): value is InvokeChannel {
  return typeof value === 'string' && (INVOKE_CHANNELS as readonly string[]).includes(value);
}

export function isEventChannel(value: unknown): value is EventChannel {
  return typeof value === 'string' && (EVENT_CHANNELS as readonly string[]).includes(value);
}

/** One case file as the case list shows it. */
export interface CaseSummary {
  id: string;
  name: string;
  /** ISO 8601. */
  createdAt: string;
  /** Last write to the case file, ISO 8601. */
  updatedAt: string;
  /** Size of the case file on disk (with its write-ahead log); 0 for a team case. */
  sizeBytes: number;
  /** Set when the case is a team case on PostgreSQL rather than a file. */
  team?: TeamCaseInfo;
  /** The file's path, for a case file outside the cases folder (opened with "Open case file..."). */
  file?: string;
  /** Set when the file cannot be opened as a case: why (an empty file, another application's database...). */
  unreadable?: string;
}

/** TLS modes the team case form offers (libpq's `sslmode` values). */
export const TEAM_SSL_MODES = ['disable', 'require', 'verify-full'] as const;
export type TeamSslMode = (typeof TEAM_SSL_MODES)[number];

/** Where a team case lives: everything but the password, which never crosses to the renderer. */
export interface TeamCaseConnection {
  host: string;
  port: number;
  database: string;
  user: string;
  sslMode: TeamSslMode;
  /** The case's name inside the database. */
  caseName: string;
}

export type TeamConnectionState = 'connected' | 'reconnecting';

export interface TeamCaseInfo {
  /** `postgresql://USER@HOST:PORT/DB#CASE` (holds no password). */
  address: string;
  /** The PostgreSQL role may read the case but not write it: open and export only. */
  readOnly: boolean;
  connection: TeamConnectionState;
}

/** A team case opened before, as the case list shows it (never with a password). */
export interface RecentTeamCase extends TeamCaseConnection {
  /** The case id the app uses for it (stable for one address). */
  id: string;
  address: string;
  /** ISO 8601. */
  lastOpenedAt: string;
}

export interface OpenedTeamCase extends OpenedCase {
  /** True when the case did not exist in the database and opening created it. */
  created: boolean;
  /** Something the user should know about the password (e.g. kept for this run only). */
  notice?: string;
}

export type NodePositions = Record<EntityId, { x: number; y: number }>;

export interface OpenedCase {
  summary: CaseSummary;
  snapshot: GraphSnapshot;
  positions: NodePositions;
  /** Sessions still running or paused on this case (e.g. started from another window). */
  sessions: SessionProgress[];
}

/** A seed as typed: the asset type and the text; main parses it with parseSeed. */
export interface SeedInput {
  type: string;
  value: string;
}

/** What the Changes panel shows: the runs to choose from, the baseline, the lines (by entity). */
export interface ChangesView {
  runs: { id: string; startedAt: string; label: string }[];
  since?: string;
  changes: (CaseChange & { subject: EntityId })[];
}

export interface SessionStarted {
  sessionId: string;
  progress: SessionProgress;
}

/** The settings the form edits; the rest of the configuration file is kept as it is. */
export interface EditableSettings {
  endpoints: {
    gleif: string;
    companydata: string;
    rdapBootstrap: string;
    whoisIana: string;
  };
  ttlDefault: string;
  depth: number;
  /** Pivots from names to the domains that hold them (FQDN, e-mail, URL -> DomainRecord). */
  pivots: boolean;
  /** The graph folds more than this many same-type leaves of one node into a collection. */
  foldAbove: number;
}

export interface SettingsView {
  /** The configuration file the settings are saved to. */
  path: string;
  values: EditableSettings;
}

export interface CredentialSourceStatus {
  /** Credential name, e.g. `companydata`. */
  source: string;
  configured: boolean;
  origin?: 'keychain' | 'environment' | 'memory';
}

/** Status only: secrets never cross to the renderer. */
export interface CredentialsStatus {
  keychainAvailable: boolean;
  /** Why the keychain cannot be reached, when it cannot. */
  keychainMessage?: string;
  sources: CredentialSourceStatus[];
}

export type ExportFormat = 'json' | 'graphml' | 'gexf' | 'csv';

export interface ExportFile {
  name: string;
  mimeType: string;
  content: string;
}

/** An accepted candidate: the decision's own session (undo takes it back) and the run it started. */
export interface CandidateAccepted extends SessionStarted {
  decisionSessionId: string;
}

/** One recorded session (a run, an expansion, or an investigator's own action) of a case. */
export interface CaseSessionEntry {
  id: string;
  /** ISO 8601. */
  startedAt: string;
  finishedAt?: string;
  /** Entity ids the run started from (a merge: the two entities). */
  seeds: EntityId[];
  depth: number;
  /** What an investigator's own action did (e.g. `merge A into B`); absent for runs. */
  action?: string;
  /** Final counters of a finished run. */
  counts?: { done: number; failed: number; cacheHits: number };
  /** Still running in this app: it cannot be undone before it ends. */
  running: boolean;
}

/** What taking a session back changed; the graph itself comes as a `graph:reset` event. */
export interface UndoneSession {
  sessionId: string;
  entitiesRemoved: number;
  edgesRemoved: number;
  fieldsRestored: number;
  /** Entities a manual merge had folded away, given back. */
  entitiesRestored: number;
  /** The case's sequence number after the undo. */
  seq: number;
}

export interface InvokeMap {
  'cases:list': { req: Record<string, never>; res: CaseSummary[] };
  'cases:create': { req: { name: string }; res: CaseSummary };
  'cases:open': { req: { caseId: string }; res: OpenedCase };
  'cases:rename': { req: { caseId: string; name: string }; res: CaseSummary };
  /**
   * "Save a copy": a new case holding everything committed to this one so far, complete even while
   * a session writes to it (SQLite backup through VACUUM INTO), named "<name> (copy)".
   */
  'cases:copy': { req: { caseId: string }; res: CaseSummary };
  'cases:delete': { req: { caseId: string }; res: Record<string, never> };
  /**
   * "Open case file...": a case file anywhere on disk, checked read-only first and opened where it
   * is. Without `path` the host's own file dialog asks (the desktop app); null when it was cancelled.
   */
  'cases:open-file': { req: { path?: string }; res: OpenedCase | null };
  /**
   * "Save a copy as...": a consistent copy of the case as its own case named `name`, in `folder`
   * (default: the cases folder). Without `name` the host's save dialog asks for both (the desktop
   * app); null when it was cancelled.
   */
  'cases:save-copy-as': {
    req: { caseId: string; name?: string; folder?: string };
    res: CaseSummary | null;
  };
  'session:start': { req: { caseId: string; seeds: SeedInput[]; depth?: number }; res: SessionStarted };
  'session:pause': { req: { sessionId: string }; res: SessionProgress };
  'session:resume': { req: { sessionId: string }; res: SessionProgress };
  'session:cancel': { req: { sessionId: string }; res: SessionProgress };
  'graph:expand-node': {
    req: { caseId: string; entityId: EntityId; refresh?: boolean; depth?: number };
    res: SessionStarted;
  };
  'graph:get-snapshot': { req: { caseId: string }; res: GraphSnapshot };
  'graph:save-positions': { req: { caseId: string; positions: NodePositions }; res: Record<string, never> };
  /**
   * "These two are the same": folds `from` into `into`, attributed to the Investigator and recorded
   * as a session of its own (undo it with history:undo-session). The change arrives as a graph:delta.
   * Two Organizations holding different LEIs answer `conflict` with the reason unless `force`.
   */
  'graph:merge-entities': {
    req: { caseId: string; from: EntityId; into: EntityId; force?: boolean };
    res: { sessionId: string; into: EntityId };
  };
  /** The case's recorded sessions, oldest first. */
  'history:list-sessions': { req: { caseId: string }; res: CaseSessionEntry[] };
  /** Takes back what one finished session contributed (docs/resolution.md). */
  'history:undo-session': { req: { caseId: string; sessionId: string }; res: UndoneSession };
  /** The handlers that apply to a node with their last run and cache state, from the case alone. */
  'entity:handlers': { req: { caseId: string; entityId: EntityId }; res: { handlers: HandlerState[] } };
  /** Runs one handler alone on one node (depth 0); `refresh` ignores its TTL. */
  'entity:run-handler': {
    req: { caseId: string; entityId: EntityId; handler: string; refresh?: boolean };
    res: SessionStarted;
  };
  /** The raw source records behind a node: the replies it was read from, per source and handler. */
  'entity:raw': { req: { caseId: string; entityId: EntityId }; res: { records: RawRecord[] } };
  'credentials:get-status': { req: Record<string, never>; res: CredentialsStatus };
  'credentials:set': {
    req: { source: string; secret: string; scope?: 'keychain' | 'this-run' };
    res: CredentialsStatus;
  };
  'credentials:delete': { req: { source: string }; res: CredentialsStatus };
  'settings:get': { req: Record<string, never>; res: SettingsView };
  'settings:set': { req: { values: EditableSettings }; res: SettingsView };
  'export:graph': { req: { caseId: string; format: ExportFormat }; res: { files: ExportFile[] } };
  /** The evidence report (docs/changes.md): the whole case, or only `entityIds`; changes since `since`. */
  'export:report': {
    req: { caseId: string; entityIds?: EntityId[]; since?: string };
    res: { files: ExportFile[] };
  };
  /** "Refresh the case": ask the sources again about what they answered (all, or `entityIds`). */
  'case:refresh': { req: { caseId: string; entityIds?: EntityId[]; force?: boolean }; res: SessionStarted };
  /** The changes since a run (default: the one before the last), folded into lines. */
  'changes:list': { req: { caseId: string; since?: string }; res: ChangesView };
  /**
   * Reviewed matches (docs/resolution.md): the candidates awaiting a decision in the case, or only
   * those of one entity (the Organization they were proposed for, or the candidate Identifier).
   */
  'review:list': { req: { caseId: string; entityId?: EntityId }; res: ReviewCandidate[] };
  /** Accepts a pending candidate and runs the chain from its Organization (the family grows live). */
  'review:accept': { req: { caseId: string; edgeId: string; depth?: number }; res: CandidateAccepted };
  /** Rejects a pending candidate: it leaves the review list and is not proposed again within the TTL. */
  'review:reject': { req: { caseId: string; edgeId: string }; res: { decisionSessionId: string } };
  /** "None of these": rejects every pending candidate of the Organization in one decision. */
  'review:none': { req: { caseId: string; organizationId: EntityId }; res: { decisionSessionId: string } };
  /**
   * Adds a note to and/or sets the flag of an entity or edge (docs/notes-and-flags.md), as a
   * session of its own (history:undo-session takes it back); the change arrives as a graph:delta.
   */
  'annotation:set': {
    req: { caseId: string; target: string; note?: string; flag?: FlagName };
    res: { sessionId: string };
  };
  /**
   * Opens (creating when missing and the role may) a team case. `password`, when given, is kept
   * under the server's keychain entry (or for this run only) once the server accepted it; without
   * one the saved password is used, and a server that wants one answers `password_required`.
   */
  'team-cases:open': {
    req: { connection: TeamCaseConnection; password?: string; remember?: 'keychain' | 'this-run' };
    res: OpenedTeamCase;
  };
  'team-cases:recent': { req: Record<string, never>; res: RecentTeamCase[] };
  /** Removes a team case from the recent list (the case itself stays in its database). */
  'team-cases:forget': { req: { caseId: string }; res: RecentTeamCase[] };
}

/** A batch of coalesced deltas covering sequence numbers `fromSeq` to `delta.seq`. */
export interface GraphDeltaEvent {
  caseId: string;
  fromSeq: number;
  delta: GraphDelta;
}

export interface EventMap {
  'graph:delta': GraphDeltaEvent;
  /**
   * The case changed in a way deltas do not carry (an undo removed entities and edges): listeners
   * showing it fetch a snapshot when `seq` is newer than theirs.
   */
  'graph:reset': { caseId: string; seq: number };
  'session:progress': { caseId: string; progress: SessionProgress };
  'cases:changed': Record<string, never>;
  /** A team case's connection dropped (`reconnecting`) or came back (`connected`). */
  'team-cases:connection': { caseId: string; state: TeamConnectionState };
}

type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * Adding a channel to a tuple without its types (or the reverse) fails to compile here: each entry
 * is `true` only when the tuple and the map name the same channels.
 */
export const CONTRACT_CHECKS = [
  true satisfies SameKeys<keyof InvokeMap, InvokeChannel>,
  true satisfies SameKeys<keyof EventMap, EventChannel>,
] as const;

export type InvokeRequest<C extends InvokeChannel> = InvokeMap[C]['req'];
export type InvokeResponse<C extends InvokeChannel> = InvokeMap[C]['res'];

/** What the preload (Electron) and the web bridge (browser) expose as `window.api`. */
export interface AppApi {
  invoke<C extends InvokeChannel>(channel: C, request: InvokeRequest<C>): Promise<Result<InvokeResponse<C>>>;
  /** Subscribes to an event; returns the unsubscribe function. */
  on<E extends EventChannel>(event: E, listener: (payload: EventMap[E]) => void): () => void;
}
