/** The engine's public surface: the only module the hosts (CLI, app services) import. */
export { createEngine, INVESTIGATOR_SOURCE } from './engine';
export type { Engine, EngineOptions, OpenCase, Session, StartSessionOptions } from './engine-types';
export { EngineError, type EngineErrorCode } from './util/engine-error';

export {
  ConfigError,
  DEFAULT_CONFIG,
  MAX_TIMER_MS,
  parseDuration,
  resolveConfig,
  type AppConfig,
  type ConfigFile,
  type RateLimit,
  type TtlRule,
} from './config/config';
export { annotate, AnnotationRefusedError, type AnnotateRequest } from './annotate';
export { loadConfigFile, withoutByteOrderMark } from './config/load';
export { findTtlMs, ttlStartTime, type TtlKey } from './config/ttl';

export {
  CredentialStoreUnavailableError,
  createMemoryCredentialStore,
  withEnvironmentOverrides,
  type CredentialStatus,
  type CredentialStore,
} from './credentials/credential-store';

export { TeamCaseError, type TeamCaseFailure } from './graph/postgres/connection';
export { openTeamCase, ReadOnlyTeamCaseError, type PostgresCaseGraph } from './graph/postgres/pg-case-store';
export { openPgRateLedger } from './graph/postgres/pg-rate-ledger';
export {
  describeTeamCase,
  isTeamCaseUrl,
  parseTeamCaseUrl,
  teamPasswordCredential,
  TeamCaseUrlError,
  SSL_MODES,
  type SslMode,
  type TeamCaseTarget,
} from './graph/postgres/team-case-url';
export {
  CaseFileGoneError,
  CaseFileVersionError,
  CaseInUseError,
  NotACaseFileError,
  copyCaseFile,
  deleteCaseFile,
  openCaseGraph,
  peekCaseFile,
  type CaseFilePeek,
  MergeRefusedError,
  UnknownSessionError,
  type SqliteCaseGraph,
  type SqliteCaseGraphOptions,
} from './graph/case-file';
export {
  MONITORED_TAG,
  type CaseGraph,
  type MergeRule,
  type SessionGraph,
  type UndoSummary,
} from './graph/case-graph';
export { InvalidRelationError, type GraphReader, type SessionRecord, type WriteOptions } from './graph/types';

export { isSourceError, MissingCredentialError, SourceError, type SourceErrorCode } from './net/errors';
export { scrubSecrets } from './net/redact';
export { refreshSession } from './refresh';

export { builtinPlugins } from './plugins/builtin';
export type { Findings } from './graph/findings';
export type { HandlerDefinition, PluginDefinition, PluginEnvironment } from './core/plugin-api';

export { systemClock, type Clock } from './util/clock';
export { silentLogger, type Logger } from './util/logger';
export { heldLeis, mergeNeedsConfirmation } from './merge-check';
export {
  decideCandidate,
  rejectAllCandidates,
  listPendingCandidates,
  ReviewRefusedError,
  type CandidateDecision,
  type PendingCandidate,
} from './review';
