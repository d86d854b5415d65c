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

describe('blocks opened by a role line, free-text person lines, and empty fields', () => {
  it('reads a block opening with `<Role>: <handle>` after the record as that role, its handle as the id', () => {
    const parsed = parseWhoisReply(
      [
        'Domain:            example.test',
        'Created:           2010-01-02',
        '',
        'Domain registrant: EX-1234',
        'Name:              Example s.r.o.',
        'Street:            Hlavna 1',
        'City:              Bratislava',
        'Country Code:      SK',
        'Created:           2019-06-07',
        '',
        'Registrar:         REG-0042',
        'Name:              Example Registrar s.r.o.',
        'Street:            Registrar Street 9',
        '',
        'Technical Contact: TECH-77',
        'Name:              Jana Novakova',
        'Email:             jana@example.test',
        '',
      ].join('\n'),
      'example.test',
    );
    expect(parsed.createdDate).toBe('2010-01-02T00:00:00Z');
    expect(parsed.contacts.registrant).toMatchObject({
      id: 'EX-1234',
      name: 'Example s.r.o.',
      street: 'Hlavna 1',
      city: 'Bratislava',
      country: 'SK',
    });
    expect(parsed.contacts.registrar).toMatchObject({
      id: 'REG-0042',
      organization: 'Example Registrar s.r.o.',
      street: 'Registrar Street 9',
    });
    expect(parsed.contacts.technical).toMatchObject({ id: 'TECH-77', name: 'Jana Novakova' });
    expect(parsed.registrar).toBe('Example Registrar s.r.o.');
  });

  it('keeps a role heading open across empty field lines (`Address:` with no value)', () => {
    const parsed = parseWhoisReply(
      [
        'Domain Name: example.test',
        '',
        'Registrant:',
        '-------------------------',
        'Org:          Example Ltd.',
        'Name:         Chan Tai Man',
        'Address:      1 Example Road',
        'Address:      ',
        'City:      Macau',
        'State or Province:      ',
        'Country / Region:      MO',
        'Phone:        28000000',
        'E-mail:       chan@example.test',
        '',
      ].join('\n'),
      'example.test',
    );
    expect(parsed.contacts.registrant).toMatchObject({
      organization: 'Example Ltd.',
      name: 'Chan Tai Man',
      city: 'Macau',
      country: 'MO',
      phone: '28000000',
      email: 'chan@example.test',
    });
  });

  it('reads the lines above a `name  e-mail` line of a free-text block as the organisation', () => {
    const parsed = parseWhoisReply(
      [
        'Domain Name: example.test',
        '   Registrant:',
        '      範例有限公司',
        '      Example Ltd.',
        '      Wang Da Ming  daming@example.test',
        '      +886.200000000',
        '      1 Example Rd., Taipei',
        '      TW',
        '',
        'Registration Service Provider: EXAMPLE-REGISTRAR',
        'Registration Service URL: http://registrar.example.test',
        '',
      ].join('\n'),
      'example.test',
    );
    expect(parsed.contacts.registrant).toMatchObject({
      organization: '範例有限公司, Example Ltd.',
      name: 'Wang Da Ming',
      email: 'daming@example.test',
      phone: '+886.200000000',
    });
    expect(parsed.registrar).toBe('EXAMPLE-REGISTRAR');
    expect(parsed.contacts.registrar?.url).toBe('http://registrar.example.test');
  });

  it('reads `personname:` and `street address:` of a handle block, and a registrar URL in spaced parentheses', () => {
    const parsed = parseWhoisReply(
      [
        'domain:         example.at',
        'registrar:      Example Registrar GmbH ( https://registrar.example/22 )',
        'registrant:     EX1234-NICAT',
        '',
        'personname:     Max Mustermann',
        'organization:   Example GmbH',
        'street address: Beispielgasse 1',
        'postal code:    1010',
        'city:           Wien',
        'country:        Austria',
        'nic-hdl:        EX1234-NICAT',
        '',
      ].join('\n'),
      'example.at',
    );
    expect(parsed.contacts.registrant).toMatchObject({
      id: 'EX1234-NICAT',
      name: 'Max Mustermann',
      organization: 'Example GmbH',
      street: 'Beispielgasse 1',
      city: 'Wien',
    });
    expect(parsed.registrar).toBe('Example Registrar GmbH');
    expect(parsed.contacts.registrar?.url).toBe('https://registrar.example/22');
  });
});
