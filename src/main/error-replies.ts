/**
 * The one place main turns a thrown error into what the user is told: the coded error of an IPC
 * reply (desktop app and web host) or the CLI's line and exit code. Two families reach it: the
 * engine's errors (EngineError, with a machine `code`) and main's own (ServiceError, already
 * carrying the reply code). Services throw and let errors pass; they never translate.
 */
import { EngineError, type EngineErrorCode } from '../engine/index';
import type { AppError, ErrorCode } from '../shared/ipc/result';
import { ServiceError } from './app-services/service-error';
import { UsageError } from './cli/args';
import { UnknownRunError } from './report/report-changes';

/**
 * The reply code of each engine failure that is the user's to act on. A code not listed is
 * unexpected: the reply says `internal` and the failure is logged.
 */
const REPLY_CODE_OF_ENGINE_CODE: Partial<Record<EngineErrorCode, ErrorCode>> = {
  credential_store_unavailable: 'credential_store_unavailable',
  case_in_use: 'conflict',
  unknown_session: 'not_found',
  merge_refused: 'invalid_request',
  annotation_unknown_target: 'not_found',
  annotation_invalid: 'invalid_request',
  review_unknown_edge: 'not_found',
  // A candidate decided meanwhile (another window, the CLI) is a conflict: the list refreshes.
  review_not_pending: 'conflict',
  team_case_address: 'invalid_request',
  team_case_password: 'password_required',
  team_case_unreachable: 'unavailable',
  team_case_refused: 'invalid_request',
};

/**
 * Engine failures the CLI reports as a wrong invocation (one line, exit 2): the user's input
 * (a config, a session or edge id, a note, a team case address or its password). Any other
 * failure exits 1.
 */
const USAGE_ENGINE_CODES: ReadonlySet<EngineErrorCode> = new Set<EngineErrorCode>([
  'invalid_config',
  'unknown_session',
  'merge_refused',
  'annotation_unknown_target',
  'annotation_invalid',
  'review_unknown_edge',
  'review_not_pending',
  'team_case_address',
  'team_case_password',
  'team_case_unreachable',
  'team_case_refused',
]);

/** What the CLI adds to an engine message, where the CLI has a command that helps. */
const CLI_HINT_OF_ENGINE_CODE: Partial<Record<EngineErrorCode, string>> = {
  unknown_session: ' (cli sessions lists them)',
};

/** An IPC reply's error for `error`; `expected: false` means a bug or an outage: log it. */
export function replyErrorOf(error: unknown): AppError & { expected: boolean } {
  if (error instanceof ServiceError) {
    return { code: error.code, message: error.message, expected: true };
  }
  if (error instanceof EngineError) {
    const code = REPLY_CODE_OF_ENGINE_CODE[error.code as EngineErrorCode];
    if (code !== undefined) {
      return { code, message: error.message, expected: true };
    }
  }
  return { code: 'internal', message: firstLine(messageOf(error)), expected: false };
}

/** The CLI's line and exit code for `error`: `usage` is exit 2, `failure` exit 1. */
export function cliErrorOf(error: unknown): { exit: 'usage' | 'failure'; message: string } {
  if (error instanceof UsageError || error instanceof UnknownRunError) {
    return { exit: 'usage', message: error.message };
  }
  if (error instanceof EngineError) {
    const code = error.code as EngineErrorCode;
    if (USAGE_ENGINE_CODES.has(code)) {
      return { exit: 'usage', message: `${error.message}${CLI_HINT_OF_ENGINE_CODE[code] ?? ''}` };
    }
  }
  return { exit: 'failure', message: messageOf(error) };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').slice(0, 500);
}
