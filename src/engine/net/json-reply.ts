/**
 * The last step of a request (http-client.ts): a reply's status accepted or turned into its
 * failure, its body decoded as UTF-8 JSON within the nesting cap, checked against the caller's
 * schema, and recorded as the raw source record.
 */
import { recordReply } from '../util/reply-capture';
import { HttpStatusError, MalformedBodyError } from './errors';
import { RETRY_STATUSES, throttled, type HttpClientContext, type RawReply } from './http-exchange';
import {
  describeParseError,
  describeSchemaMismatch,
  jsonNestingDepth,
  MAX_JSON_DEPTH,
} from './reply-reading';
import { parseRetryAfter } from './retry-policy';
import type { HttpResponse, RequestOptions } from './types';

export function readJsonReply<TBody>(
  context: HttpClientContext,
  reply: RawReply,
  { acceptStatus, schema }: Pick<RequestOptions, 'acceptStatus' | 'schema'>,
  safe: (text: string) => string,
): HttpResponse<TBody> {
  const { source, clock } = context;
  const ok = reply.status >= 200 && reply.status < 300;
  if (!ok && !(acceptStatus ?? []).includes(reply.status)) {
    if (RETRY_STATUSES.has(reply.status)) {
      throw throttled(context, reply, parseRetryAfter(reply.headers['retry-after'], clock.now()));
    }
    throw new HttpStatusError(reply.status, reply.url, source);
  }
  let text: string;
  try {
    // JSON is UTF-8 (RFC 8259): a body that is not is malformed, not silently patched with U+FFFD.
    text = new TextDecoder('utf-8', { fatal: true }).decode(reply.bytes);
  } catch {
    throw new MalformedBodyError(reply.url, 'the body is not valid UTF-8', source);
  }
  if (jsonNestingDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw new MalformedBodyError(reply.url, `JSON nested deeper than ${MAX_JSON_DEPTH} levels`, source);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    if (ok) {
      throw new MalformedBodyError(
        reply.url,
        safe(describeParseError(error, text, reply.headers['content-type'])),
        source,
      );
    }
    // An accepted non-2xx status (a 404 "not found" page) need not be JSON.
    parsed = null;
  }
  if (ok && schema !== undefined) {
    const checked = schema.safeParse(parsed);
    if (!checked.success) {
      throw new MalformedBodyError(reply.url, safe(describeSchemaMismatch(checked.error.issues)), source);
    }
    parsed = checked.data;
  }
  if (ok) {
    // The raw source record behind what the handler makes of it (docs/ui.md, "Raw records").
    recordReply(reply.url, safe(text), clock.now());
  }
  return { status: reply.status, url: reply.url, headers: reply.headers, body: parsed as TBody };
}
