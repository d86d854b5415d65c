/**
 * The typed IPC contract between the renderer and main, shared by both hosts (Electron ipcMain and
 * the loopback WebSocket): the channel allow-lists, request/response and event payload types, and
 * the window.api shape derived from them. Payloads are plain structured-clone data.
 */
import type { EntityId } from '../model/asset';
import type { GraphDelta, GraphSnapshot, RawRecord } from '../model/graph';
import type { HandlerState } from '../model/handler-state';
import type { SessionProgress } from '../model/session';
import type { Result } from './result';

export const INVOKE_CHANNELS = [
  'cases:list',
  'cases:create',
  'cases:open',
  'cases:rename',
  'cases:delete',
  'cases:copy',
  'session:start',
  'session:pause',
  'session:resume',
  'session:cancel',
  'graph:expand-node',
  'graph:get-snapshot',
  'graph:save-positions',
  'entity:handlers',
  'entity:run-handler',
  'entity:raw',
  'credentials:get-status',
  'credentials:set',
  'credentials:delete',
  'settings:get',
  'settings:set',
  'export:graph',
] as const;

export const EVENT_CHANNELS = ['graph:delta', 'session:progress', 'cases:changed'] as const;

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
  /** Size of the case file on disk (with its write-ahead log). */
  sizeBytes: number;
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
}

/** A batch of coalesced deltas covering sequence numbers `fromSeq` to `delta.seq`. */
export interface GraphDeltaEvent {
  caseId: string;
  fromSeq: number;
  delta: GraphDelta;
}

export interface EventMap {
  'graph:delta': GraphDeltaEvent;
  'session:progress': { caseId: string; progress: SessionProgress };
  'cases:changed': Record<string, never>;
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
