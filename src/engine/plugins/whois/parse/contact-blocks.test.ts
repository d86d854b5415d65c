/**
 * Unit: contact blocks of registries that do not follow the ICANN layout (issue 27), each rule on
 * a small synthetic reply: headings named by role words, a heading then a blank line, long
 * labels with a hint, given and family names, handle blocks referenced by value.
 */
import { describe, expect, it } from 'vitest';
import { parseWhoisReply } from './index';

describe('contact headings named by role words', () => {
  it('reads `Organization Using Domain Name` and `Administrative Contact/Agent` blocks as the registrant and admin', () => {
    const parsed = parseWhoisReply(
      [
        'Domain Name............: example.kz',
        '',
        'Organization Using Domain Name',
        'Name...................: Example LLP',
        'Organization Name......: Example LLP',
        'City...................: Almaty',
        '',
        'Administrative Contact/Agent',
        'NIC Handle.............: HOSTER-123',
        'Name...................: Jane Doe',
        'Email Address..........: jane@example.kz',
        '',
      ].join('\n'),
      'example.kz',
    );
    expect(parsed.contacts.registrant).toMatchObject({ organization: 'Example LLP', city: 'Almaty' });
    expect(parsed.contacts.admin).toMatchObject({
      id: 'HOSTER-123',
      name: 'Jane Doe',
      email: 'jane@example.kz',
    });
  });

  it('reads a contact heading in another language (`Contact technique`)', () => {
    const parsed = parseWhoisReply(
      [
        'Domain: example.test',
        '',
        'Contact technique:',
        'Nom: Jean Dupont',
        'Courriel: jd@example.test',
        '',
      ].join('\n'),
      'example.test',
    );
    expect(parsed.contacts.technical).toMatchObject({ name: 'Jean Dupont', email: 'jd@example.test' });
  });
});

describe('a role heading, a blank line, then its labelled block', () => {
  const parsed = parseWhoisReply(
    [
      'Domain Name:  EXAMPLE.HK',
      '',
      'Registrant Contact Information:',
      '',
      'Company English Name (It should be the same as the registered/corporation name on your Business Register Certificate): EXAMPLE LIMITED',
      'Address:  1 EXAMPLE STREET, KOWLOON',
      'Email:  admin@example.hk',
      'Expiry Date: 07-03-2030',
      '',
      'Administrative Contact Information:',
      '',
      'Given name:  JANE',
      'Family name:  DOE',
      'Company name:  EXAMPLE LIMITED',
      '',
    ].join('\n'),
    'example.hk',
  );

  it("gives the block to the heading's role", () => {
    expect(parsed.contacts.registrant).toMatchObject({
      organization: 'EXAMPLE LIMITED',
      street: '1 EXAMPLE STREET, KOWLOON',
      email: 'admin@example.hk',
    });
  });

  it('reads a label made long by its hint as the label before the hint', () => {
    expect(parsed.contacts.registrant?.organization).toBe('EXAMPLE LIMITED');
  });

  it('joins a given and a family name into the person, apart from the company', () => {
    expect(parsed.contacts.admin).toMatchObject({ name: 'JANE DOE', organization: 'EXAMPLE LIMITED' });
  });

  it("keeps an expiry date under a contact heading as the record's (contacts do not expire)", () => {
    expect(parsed.expirationDate).toBe('2030-03-07T00:00:00Z');
  });
});

describe('contact blocks referenced by value from the domain block', () => {
  const parsed = parseWhoisReply(
    [
      'Domain:                       example.sk',
      'Registrant:                   Acme',
      'Admin Contact:                Acme',
      'Created:                      2003-07-24',
      '',
      'Contact:                      Acme',
      'Name:                         Domain Administrator',
      'Organization:                 Acme Holdings Limited',
      'Email:                        dns@example.sk',
      'Country Code:                 IE',
      '',
    ].join('\n'),
    'example.sk',
  );

  it("reads the block opening with the referred value as each referring role's contact", () => {
    for (const role of ['registrant', 'admin'] as const) {
      expect(parsed.contacts[role]).toMatchObject({
        id: 'Acme',
        name: 'Domain Administrator',
        organization: 'Acme Holdings Limited',
        email: 'dns@example.sk',
        country: 'IE',
      });
    }
  });
});

describe('a lone role word as a heading', () => {
  const parsed = parseWhoisReply(
    [
      'domain.............: example.fi',
      '',
      'Holder',
      '',
      'name...............: Example Oy',
      'address............: Exampletie 5',
      'address............: 00440',
      'address............: Helsinki',
      'country............: Finland',
      'holder email.......: info@example.fi',
      '',
    ].join('\n'),
    'example.fi',
  );

  it("reads `Holder` on its own line as the registrant's heading, its labelled block after a blank line", () => {
    expect(parsed.contacts.registrant).toMatchObject({
      name: 'Example Oy',
      country: 'Finland',
      email: 'info@example.fi',
    });
  });

  it('reads consecutive address lines of a section as one address', () => {
    expect(parsed.contacts.registrant?.street).toBe('Exampletie 5, 00440, Helsinki');
  });
});

describe('a comment line that is a role heading', () => {
  const parsed = parseWhoisReply(
    [
      'domain:           example.com.ua',
      'source:           UAEPP',
      '',
      '% Registrant:',
      '% ===========',
      'person:           n/a',
      'person-loc:       Олена Петренко',
      'organization-loc: Приклад ТОВ',
      'e-mail:           info@example.com.ua',
      'country-loc:      UA',
      '',
    ].join('\n'),
    'example.com.ua',
  );

  it('gives the block after `% Registrant:` to the registrant, its `-loc` labels as the fields in the local script', () => {
    expect(parsed.contacts.registrant).toMatchObject({
      name: 'Олена Петренко',
      organization: 'Приклад ТОВ',
      email: 'info@example.com.ua',
      country: 'UA',
    });
  });

  it('keeps a field read from its plain label over the `-loc` one', () => {
    const both = parseWhoisReply(
      [
        'domain: example.com.ua',
        '',
        '% Registrant:',
        'person: Olena Petrenko',
        'person-loc: Олена Петренко',
        '',
      ].join('\n'),
      'example.com.ua',
    );
    expect(both.contacts.registrant?.name).toBe('Olena Petrenko');
  });
});
