/**
 * The RDAP wire contract (RFC 9083): a reply is the object class asked for, or it is a
 * `malformed_body` failure that writes nothing. A server's maintenance page served as
 * `{"message": "..."}` with HTTP 200, or what a redirect to a `data:` URL yields, is not an
 * autnum, an ip network or a domain. Members inside a valid object are read leniently by the
 * mapping (registries vary), so the schemas check the class and the shape of the containers only.
 */
import { z } from 'zod';
import { MalformedBodyError } from '../../net/errors';

export type RdapObjectClass = 'autnum' | 'ip network' | 'domain';

/**
 * `objectClassName` is required by RFC 9083 but some RIR servers leave it out; such a reply must
 * then carry a member only that class has, so a bare `{"message": ...}` never passes.
 */
const CLASS_MEMBERS: Record<RdapObjectClass, readonly string[]> = {
  autnum: ['startAutnum', 'endAutnum'],
  'ip network': ['startAddress', 'endAddress'],
  domain: ['ldhName', 'unicodeName'],
};

const list = z.array(z.unknown()).optional();

/** An RDAP object of one class: containers are arrays when present; other members pass as they are. */
function objectSchema(objectClass: RdapObjectClass) {
  return z
    .looseObject({
      objectClassName: z.string().optional(),
      entities: list,
      links: list,
      events: list,
      nameservers: list,
      redacted: list,
    })
    .superRefine((object, context) => {
      const className = object.objectClassName?.trim().toLowerCase();
      if (className === undefined) {
        if (!CLASS_MEMBERS[objectClass].some((member) => object[member] !== undefined)) {
          context.addIssue({ code: 'custom', message: `not an RDAP ${objectClass} object` });
        }
      } else if (className !== objectClass) {
        context.addIssue({
          code: 'custom',
          message: `expected an ${objectClass} object, got ${object.objectClassName ?? ''}`,
        });
      }
    });
}

const SCHEMAS: Record<RdapObjectClass, ReturnType<typeof objectSchema>> = {
  autnum: objectSchema('autnum'),
  'ip network': objectSchema('ip network'),
  domain: objectSchema('domain'),
};

export type RdapObject = Record<string, unknown>;

/** The reply as an RDAP object of the class asked for; throws MalformedBodyError naming the URL. */
export function parseRdapReply(body: unknown, objectClass: RdapObjectClass, url: string): RdapObject {
  const checked = checkRdapReply(body, objectClass);
  if ('problem' in checked) {
    throw new MalformedBodyError(url, checked.problem, 'RDAP');
  }
  return checked.object;
}

/**
 * The reply as an RDAP object of the class asked for, or why it is not one (plain data: what a
 * compute worker can hand back for the serving thread to turn into the MalformedBodyError).
 */
export function checkRdapReply(
  body: unknown,
  objectClass: RdapObjectClass,
): { object: RdapObject } | { problem: string } {
  if (typeof body === 'object' && body !== null && 'errorCode' in body) {
    const code = body.errorCode;
    return { problem: `RDAP error ${typeof code === 'number' ? code : ''}`.trim() };
  }
  const parsed = SCHEMAS[objectClass].safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined || issue.path.length === 0 ? '' : ` at ${issue.path.join('.')}`;
    return {
      problem:
        issue?.code === 'invalid_type' && issue.path.length === 0
          ? 'not an RDAP object'
          : `${issue?.message ?? 'not an RDAP object'}${where}`,
    };
  }
  return { object: parsed.data };
}
