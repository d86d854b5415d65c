/**
 * Main's own base error: an expected failure of an app-service request (or a CLI command), with
 * the code the UI reacts to. Every error main throws on purpose extends it; the engine's extend
 * EngineError. src/main/error-replies.ts turns both into replies, in one place.
 */
import type { ErrorCode } from '../../shared/ipc/result';
import { fileSlug } from '../../shared/util/file-name';

export class ServiceError extends Error {
  override readonly name: string = 'ServiceError';
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** A readable file name from a free-text name (case ids, export file names): the one rule in shared. */
export function slug(name: string): string {
  return fileSlug(name);
}
