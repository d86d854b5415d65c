/**
 * The case store's entry points for the engine, the hosts and the CLI: the SQLite backend
 * (sqlite/) under the names they import. The contract itself is case-store.ts.
 */
import type { CaseGraph } from './types';
import { openSqliteCaseStore, type SqliteCaseStore, type SqliteCaseStoreOptions } from './sqlite/store';

export { configureConnection } from './sqlite/open';
export { InvalidFindingsError } from './write-plan';
export { CaseFileVersionError } from './sqlite/migrations';
export { NotACaseFileError } from './sqlite/identify';
export { CaseFileGoneError, CaseInUseError, copyCaseFile, deleteCaseFile } from './sqlite/files';
export type { SqliteCaseStore } from './sqlite/store';
export { UnknownSessionError, type UndoSummary } from './sqlite/undo';
export { MergeRefusedError } from './sqlite/manual-merge';

export type CaseGraphOptions = SqliteCaseStoreOptions;

/** Opens (creating and migrating when needed) a case file; `:memory:` for a throwaway graph. */
export function openCaseGraph(path: string, options: CaseGraphOptions = {}): SqliteCaseStore & CaseGraph {
  return openSqliteCaseStore(path, options);
}
