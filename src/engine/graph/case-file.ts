/**
 * Case files: the SQLite backend of the case contract (sqlite/) under the names the engine, the
 * hosts and the CLI import. The contract itself is case-graph.ts.
 */
import { openSqliteCaseGraph, type SqliteCaseGraph, type SqliteCaseGraphOptions } from './sqlite/store';

export { configureConnection } from './sqlite/open';
export { InvalidFindingsError } from './write-plan';
export { CaseFileVersionError } from './sqlite/migrations';
export { NotACaseFileError } from './sqlite/identify';
export { peekCaseFile, type CaseFilePeek } from './sqlite/peek';
export { CaseFileGoneError, CaseInUseError, copyCaseFile, deleteCaseFile } from './sqlite/files';
export type { SqliteCaseGraph, SqliteCaseGraphOptions } from './sqlite/store';
export { UnknownSessionError } from './sqlite/undo';
export { MergeRefusedError } from './sqlite/manual-merge';

/** Opens (creating and migrating when needed) a case file; `:memory:` for a throwaway graph. */
export function openCaseGraph(path: string, options: SqliteCaseGraphOptions = {}): SqliteCaseGraph {
  return openSqliteCaseGraph(path, options);
}
