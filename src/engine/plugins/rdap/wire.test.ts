import { describe, expect, it } from 'vitest';
import { MalformedBodyError } from '../../net/errors';
import { parseRdapReply } from './wire';

const URL_ = 'https://rdap.example/autnum/64496';

describe('RDAP wire schemas', () => {
  it('rejects a 200 maintenance message as a malformed body naming the URL', () => {
    expect(() =>
      parseRdapReply({ message: 'Service temporarily under maintenance' }, 'autnum', URL_),
    ).toThrow(MalformedBodyError);
    expect(() => parseRdapReply({ message: 'x' }, 'autnum', URL_)).toThrow(
      /rdap\.example.*not an RDAP autnum/,
    );
  });

  it('rejects what a redirect to a data: URL yields ({"data": []})', () => {
    expect(() => parseRdapReply({ data: [] }, 'ip network', URL_)).toThrow(MalformedBodyError);
  });

  it('rejects another object class and a non-object', () => {
    expect(() => parseRdapReply({ objectClassName: 'entity', handle: 'X' }, 'domain', URL_)).toThrow(
      /expected an domain object, got entity/,
    );
    expect(() => parseRdapReply([], 'domain', URL_)).toThrow(/not an RDAP object/);
  });

  it('rejects a container that is not an array', () => {
    expect(() => parseRdapReply({ objectClassName: 'domain', entities: 'none' }, 'domain', URL_)).toThrow(
      /entities/,
    );
  });

  it('accepts a reply without objectClassName only when it has a member of the class asked for', () => {
    expect(parseRdapReply({ startAutnum: 64496, name: 'EXAMPLE' }, 'autnum', URL_)).toMatchObject({
      name: 'EXAMPLE',
    });
    expect(parseRdapReply({ ldhName: 'example.com' }, 'domain', URL_)).toMatchObject({
      ldhName: 'example.com',
    });
  });

  it('reads objectClassName without regard to case and keeps unknown members', () => {
    expect(
      parseRdapReply({ objectClassName: 'Domain', port43: 'whois.example' }, 'domain', URL_),
    ).toMatchObject({
      port43: 'whois.example',
    });
  });
});
