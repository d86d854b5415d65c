/** An expected failure of an app-service request, with the code the UI reacts to. */
import type { ErrorCode } from '../../shared/ipc/result';

export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** A readable file name from a free-text name (case ids, export file names). */
export function slug(name: string): string {
  const text = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return text === '' ? 'case' : text;
}
