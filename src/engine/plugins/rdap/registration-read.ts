/**
 * Reading an RDAP registration reply (autnum, ip network) into its record: the nesting check,
 * `JSON.parse`, the wire check, the record's fields and the JSON text it keeps. Plain data in and
 * out, so a large reply (an autnum listing 45,000 contacts is 9.7 MB) is read on the engine's
 * compute workers and the thread serving the UI only decodes it and waits (issue 24).
 */
import type { AutnumRecord, IPNetRecord, Netblock } from '../../../shared/model/asset';
import { MalformedBodyError, type OffThreadRunner } from '../../core/plugin-api';
import { describeParseError, jsonNestingDepth, MAX_JSON_DEPTH } from '../../net/reply-reading';
import { buildAutnumRecord, buildIpNetRecord } from './mapping';
import { checkRdapReply } from './wire';

/**
 * Replies shorter than this are read in place: an ordinary record (a few to tens of KB) reads in
 * a millisecond or two, less than handing it to a worker; a reply this large may list thousands
 * of contacts.
 */
export const OFF_THREAD_MIN_CHARS = 256 * 1024;

/** The name under which the engine's compute workers run `readRegistration`. */
export const RDAP_REGISTRATION_READ = 'rdap.registration-read';

export type RegistrationAsset =
  { objectClass: 'autnum'; number: number } | { objectClass: 'ip network'; netblock: Netblock };

export type RegistrationInput = RegistrationAsset & { text: string; contentType?: string };

/** The record read from a reply, or why the reply is malformed (thrown on the serving thread). */
export type RegistrationRead =
  | { objectClass: 'autnum'; record: AutnumRecord }
  | { objectClass: 'ip network'; record: IPNetRecord }
  | { malformed: string };

export function readRegistration(input: RegistrationInput): RegistrationRead {
  const { text } = input;
  if (jsonNestingDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    return { malformed: `JSON nested deeper than ${MAX_JSON_DEPTH} levels` };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    return { malformed: describeParseError(error, text, input.contentType) };
  }
  const checked = checkRdapReply(body, input.objectClass);
  if ('problem' in checked) {
    return { malformed: checked.problem };
  }
  // The record keeps the checked object as JSON text: what its expansion reads again later.
  const raw = JSON.stringify(checked.object);
  return input.objectClass === 'autnum'
    ? { objectClass: 'autnum', record: buildAutnumRecord(checked.object, input.number, raw) }
    : {
        objectClass: 'ip network',
        record: buildIpNetRecord(checked.object, input.netblock, raw),
      };
}

/**
 * The HTTP client's `readText` for a registration reply: a large one read on the compute workers
 * (an ordinary record, a few KB, in place: less than the hand-over), a malformed one thrown as
 * the MalformedBodyError the client's own reading would give.
 */
export function registrationReader(
  runner: OffThreadRunner,
  asset: RegistrationAsset,
  signal: AbortSignal,
): (text: string, reply: { url: string; contentType?: string }) => Promise<RegistrationRead> {
  return async (text, { url, contentType }) => {
    const input: RegistrationInput = {
      ...asset,
      text,
      ...(contentType === undefined ? {} : { contentType }),
    };
    const read =
      text.length < OFF_THREAD_MIN_CHARS
        ? readRegistration(input)
        : ((await runner.run(RDAP_REGISTRATION_READ, input, signal)) as RegistrationRead);
    if ('malformed' in read) {
      throw new MalformedBodyError(url, read.malformed, 'RDAP');
    }
    return read;
  };
}
