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

/** A reply's status accepted (or its failure thrown) and its body decoded as UTF-8. */
function acceptedText(
  context: HttpClientContext,
  reply: RawReply,
  acceptStatus: number[] | undefined,
): { ok: boolean; text: string } {
  const { source, clock } = context;
  const ok = reply.status >= 200 && reply.status < 300;
  if (!ok && !(acceptStatus ?? []).includes(reply.status)) {
    if (RETRY_STATUSES.has(reply.status)) {
      throw throttled(context, reply, parseRetryAfter(reply.headers['retry-after'], clock.now()));
    }
    throw new HttpStatusError(reply.status, reply.url, source);
  }
  try {
    // JSON is UTF-8 (RFC 8259): a body that is not is malformed, not silently patched with U+FFFD.
    return { ok, text: new TextDecoder('utf-8', { fatal: true }).decode(reply.bytes) };
  } catch {
    throw new MalformedBodyError(reply.url, 'the body is not valid UTF-8', source);
  }
}

/**
 * A reply read by the caller's `readText` (off the serving thread): status and UTF-8 here, the
 * rest by the reader; an accepted non-2xx status is not read (its body need not be JSON).
 */
export async function readReplyText<TBody>(
  context: HttpClientContext,
  reply: RawReply,
  acceptStatus: number[] | undefined,
  readText: NonNullable<RequestOptions['readText']>,
  safe: (text: string) => string,
): Promise<HttpResponse<TBody>> {
  const { ok, text } = acceptedText(context, reply, acceptStatus);
  const contentType = reply.headers['content-type'];
  const body = ok
    ? await readText(text, { url: reply.url, ...(contentType === undefined ? {} : { contentType }) })
    : null;
  if (ok) {
    recordReply(reply.url, safe(text), context.clock.now());
  }
  return { status: reply.status, url: reply.url, headers: reply.headers, body: body as TBody };
}

export function readJsonReply<TBody>(
  context: HttpClientContext,
  reply: RawReply,
  { acceptStatus, schema }: Pick<RequestOptions, 'acceptStatus' | 'schema'>,
  safe: (text: string) => string,
): HttpResponse<TBody> {
  const { source, clock } = context;
  const { ok, text } = acceptedText(context, reply, acceptStatus);
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
