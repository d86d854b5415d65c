/**
 * The parser's fast paths (label facts worked out once, native line splitting, ICANN stamps read
 * without a pattern, statuses split without one) give what the general rules give.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { normaliseWhoisDate, parseWhoisReply } from './index';
import { labelOf } from './label-facts';
import { splitLines } from './tokenise';
import { isRedacted, looksLikeHandle, statusesOf } from './values';

describe('label facts', () => {
  it('gives every spelling of a label the same facts', () => {
    expect(labelOf('Registrant Street1')).toBe(labelOf('registrant_street1'));
    expect(labelOf('Registrant Street1').prefixed).toEqual({
      role: 'registrant',
      rest: 'street1',
      field: 'street',
      numberedAddress: false,
    });
  });

  it("takes a registrar's name as its organization and numbered address lines as one address", () => {
    expect(labelOf('Registrar Name').prefixed?.field).toBe('organization');
    expect(labelOf('Registrant address 2').prefixed?.numberedAddress).toBe(true);
  });

  it('finds nothing for labels that are names of object members', () => {
    for (const raw of ['constructor', '__proto__', 'toString']) {
      const facts = labelOf(raw);
      expect(facts.record).toBeUndefined();
      expect(facts.sectionRole).toBeUndefined();
      expect(facts.handleRole).toBeUndefined();
      expect(facts.special).toBeUndefined();
      expect(facts.contactField).toBeUndefined();
    }
  });

  it('keeps no reply alive through the labels it caches', () => {
    // A label is cut from the reply's text; the cache must hold a copy, not a slice of the reply
    // (which would keep the whole reply in memory for as long as the label stays cached).
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const replies = 10;
    const replySize = 500_000;
    collect();
    const before = process.memoryUsage().heapUsed;
    for (let index = 0; index < replies; index += 1) {
      const label = `Label Seen Only Here ${index} ${String(Math.random()).slice(2)}`;
      parseWhoisReply([`${label}: value`, 'x'.repeat(replySize)].join('\n'));
    }
    // The last text any pattern read is held until the next one, by design: move it on.
    parseWhoisReply('Domain Name: example.test\n');
    collect();
    const kept = process.memoryUsage().heapUsed - before;
    expect(kept).toBeLessThan((replies * replySize) / 4);
  });

  it('gives a line too long to be a label no facts', () => {
    const terms = `Registrant ${'data is provided for information purposes only and '.repeat(2)}`;
    const facts = labelOf(terms);
    expect(facts.prefixed).toBeUndefined();
    expect(facts.record).toBeUndefined();
  });
});

describe('splitLines', () => {
  it('splits at LF, leaving a CRLF line its CR for the tokeniser to trim', () => {
    expect(splitLines('a: 1\nb: 2')).toEqual(['a: 1', 'b: 2']);
    expect(splitLines('a: 1\r\nb: 2\r\n')).toEqual(['a: 1\r', 'b: 2\r', '']);
  });

  it('splits a reply with lone CR line ends at every line end', () => {
    expect(splitLines('a: 1\rb: 2\r\nc: 3')).toEqual(['a: 1', 'b: 2', 'c: 3']);
  });

  it('reads a CRLF reply as the same reply with LF ends', () => {
    const reply =
      'Domain Name: crlf.test\n  \nRegistrant Name: Jane Doe\nName Server: ns1.crlf.test\n\n% terms\n';
    expect(parseWhoisReply(reply.replaceAll('\n', '\r\n'), 'crlf.test')).toEqual(
      parseWhoisReply(reply, 'crlf.test'),
    );
  });

  it('keeps a blank CRLF line blank, so it still ends a block', () => {
    const reply = 'Registrant:\r\n   Jane Doe\r\n\r\nNameservers\r\n   ns1.blank.test\r\n';
    const parsed = parseWhoisReply(reply, 'blank.test');
    expect(parsed.nameServers).toEqual(['ns1.blank.test']);
    expect(parsed.contacts.registrant).toEqual({ organization: 'Jane Doe' });
  });
});

describe('ICANN stamps', () => {
  const cases: [string, string | undefined][] = [
    ['2024-08-14T07:01:31Z', '2024-08-14T07:01:31Z'],
    ['2024-08-14', '2024-08-14T00:00:00Z'],
    ['2024-02-29', '2024-02-29T00:00:00Z'],
    ['2023-02-29', undefined],
    ['2023-02-29T00:00:00Z', undefined],
    ['2024-04-31T10:00:00Z', undefined],
    ['2024-08-14T24:00:00Z', '2024-08-15T00:00:00Z'],
    ['2024-08-14T23:59:60Z', '2024-08-14T23:59:59Z'],
    ['2024-08-14T07:61:00Z', undefined],
    ['0999-01-01', '0999-01-01T00:00:00Z'],
    // The space-separated and fractional stamps read without a pattern too.
    ['2024-08-14 07:01:31', '2024-08-14T07:01:31Z'],
    ['2024-08-14T07:01:31.0Z', '2024-08-14T07:01:31Z'],
    ['2024-08-14T07:01:31.123Z', '2024-08-14T07:01:31Z'],
    ['2024-08-14 07:01:31.5', '2024-08-14T07:01:31Z'],
    ['2024-08-14 24:00:00', '2024-08-15T00:00:00Z'],
    ['2024-08-14 23:59:60', '2024-08-14T23:59:59Z'],
    ['2023-02-29 10:00:00', undefined],
    ['2024-08-14T07:01:31.Z', undefined],
  ];
  for (const [raw, expected] of cases) {
    it(`reads "${raw}" as ${String(expected)}`, () => {
      expect(normaliseWhoisDate(raw)).toBe(expected);
    });
  }
});

describe('statusesOf', () => {
  it('drops the ICANN URL after a single status', () => {
    expect(statusesOf('clientTransferProhibited https://icann.org/epp#clientTransferProhibited')).toEqual([
      'clientTransferProhibited',
    ]);
  });

  it('splits at commas, and at spaces only when every word is an EPP status', () => {
    expect(statusesOf('Active, clientUpdateProhibited')).toEqual(['Active', 'clientUpdateProhibited']);
    expect(statusesOf('clientDeleteProhibited clientTransferProhibited')).toEqual([
      'clientDeleteProhibited',
      'clientTransferProhibited',
    ]);
    expect(statusesOf('Registered until renewal date')).toEqual(['Registered until renewal date']);
  });

  it('drops placeholder statuses', () => {
    expect(statusesOf('REDACTED FOR PRIVACY')).toEqual([]);
  });
});

describe('values read without patterns', () => {
  it('takes one word of letters and digits joined by single marks as a handle, and nothing else', () => {
    for (const handle of ['ABCD1234-NICAT', 'DUP430692088', 'A24C-154952', 'R22-LRCC']) {
      expect(looksLikeHandle(handle)).toBe(true);
    }
    for (const other of ['mmr-170347', 'Google LLC', 'abc123', 'AB12-', 'AB--12', 'A1', 'ÄB12']) {
      expect(looksLikeHandle(other)).toBe(false);
    }
  });

  it('answers for each value when placeholders and data alternate', () => {
    const answers = [
      'REDACTED FOR PRIVACY',
      'REDACTED FOR PRIVACY',
      'Example Inc.',
      'n/a',
      'Example Inc.',
    ].map((value) => isRedacted(value));
    expect(answers).toEqual([true, true, false, true, false]);
  });
});
