/**
 * Turning a source's reply into what a handler needs. The wire schema (`SourceHttp.getJson`'s
 * `schema`) checks the reply's shape; mapping then checks what a schema cannot say (the record is
 * for the LEI asked for, an id is a valid code). Both kinds of refusal end as one failure kind,
 * `malformed_body` naming the URL, so nothing from a refused reply is ever written.
 */
import { MalformedBodyError } from '../net/errors';
import type { HttpResponse } from '../net/types';
import { EngineError } from '../util/engine-error';

/** Thrown by a plugin's mapping when a reply that fits its wire shape still cannot be used. */
export class SourceReplyError extends EngineError {
  override readonly name = 'SourceReplyError';
  constructor(message: string, options?: ErrorOptions) {
    super('source_reply', message, options);
  }
}

/**
 * Maps a reply's body; a SourceReplyError from `map` becomes a MalformedBodyError naming the
 * reply's URL and `source`. Every other error passes through unchanged.
 */
export function parsed<TBody, TResult>(
  response: HttpResponse<TBody>,
  source: string,
  map: (body: TBody) => TResult,
): TResult {
  try {
    return map(response.body);
  } catch (error) {
    if (error instanceof SourceReplyError) {
      throw new MalformedBodyError(response.url, error.message, source);
    }
    throw error;
  }
}
