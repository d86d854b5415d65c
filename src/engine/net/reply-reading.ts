/**
 * Reading a reply safely: a body capped in bytes while it streams, JSON nesting bounded before
 * parsing, and failure reasons that never quote the server's text.
 */

/**
 * Deepest JSON nesting accepted. Real replies nest a few levels (RDAP entities within entities,
 * GLEIF's JSON:API documents); a reply nested 100k deep would overflow the stack of whatever walks
 * it later (schema checks, mappers), so it is refused as malformed before it is parsed.
 */
export const MAX_JSON_DEPTH = 256;

/**
 * Reads a body up to `limit` bytes; past it, stops reading (cancelling the stream) and throws
 * `tooLarge()`. A declared Content-Length above the limit fails before reading anything.
 */
export async function readBodyCapped(
  response: Response,
  limit: number,
  tooLarge: () => Error,
): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) {
    return new Uint8Array(0);
  }
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      break;
    }
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const result = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    result.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return result;
}

/**
 * The deepest nesting of arrays and objects in a JSON text, counted without parsing (one pass,
 * no recursion), stopping as soon as `stopAbove` is passed.
 */
export function jsonNestingDepth(text: string, stopAbove = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) {
        index += 1; // skip the escaped character
      } else if (code === 0x22) {
        inString = false;
      }
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b || code === 0x5b) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) {
          return deepest;
        }
      }
    } else if (code === 0x7d || code === 0x5d) {
      depth -= 1;
    }
  }
  return deepest;
}

/**
 * Why a body is not JSON, without quoting it: the body is the server's text (it may echo a key,
 * carry terminal escapes or markup), so only its content type, size and the parser's position are
 * told. E.g. `not JSON (text/html, 1532 bytes: invalid JSON at position 0)`.
 */
export function describeParseError(error: unknown, text: string, contentType: string | undefined): string {
  if (text.trim() === '') {
    return 'empty body where JSON was expected';
  }
  const type = printable(contentType ?? 'no content type').slice(0, 60);
  const message = error instanceof Error ? error.message : '';
  const position = /position (\d+)/.exec(message)?.[1];
  const where = position === undefined ? 'not valid JSON' : `invalid JSON at position ${position}`;
  return `not JSON (${type}, ${Buffer.byteLength(text)} bytes: ${where})`;
}

/** The reason a request never got a reply, from fetch's error and its cause (e.g. `ECONNRESET`). */
export function describeNetworkError(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause;
    if (cause instanceof Error) {
      const code = (cause as Error & { code?: unknown }).code;
      return printable(typeof code === 'string' ? `${code} (${cause.message})` : cause.message);
    }
    return printable(error.message);
  }
  return printable(String(error));
}

/** Control characters (terminal escapes, NUL) replaced, so a reason is one printable line. */
function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
}

/** The first place a reply departs from its wire schema, e.g. `data.0.attributes: expected object`. */
export function describeSchemaMismatch(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): string {
  const first = issues[0];
  if (first === undefined) {
    return 'the reply does not have the expected shape';
  }
  const where = first.path.map(String).join('.') || 'reply';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return `unexpected shape at ${where}: ${first.message}${more}`.slice(0, 300);
}

/** Header names in lower case (fetch's Headers are case-insensitive; plain records are not). */
export function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    result[name.toLowerCase()] = value;
  }
  return result;
}
