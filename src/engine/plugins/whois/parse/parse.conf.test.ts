/**
 * Conformance: the WHOLE parse of every recorded reply against its table (fields written by
 * reading each reply), with the known-wrong fields listed as explicit gaps.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath, haveFixtures, repositoryRoot } from '../../../../../test/support/fixtures-dir';
import { decodeReply } from '../decode';
import { flattenParsedWhois } from '../../../../../test/support/whois-flatten';
import { parseWhoisReply } from './index';

interface ExpectedReply {
  file: string;
  server: string;
  query: string;
  kind: string;
  fields: Record<string, string | boolean | string[]>;
  /** Known-wrong fields: what the parser gives today and why it is wrong (fix, then promote). */
  gaps?: Record<string, { actual: string | boolean | string[]; why: string }>;
}

const expectedRoot = path.join(repositoryRoot, 'test', 'fixtures', 'whois-expected');

function loadExpected(): ExpectedReply[] {
  return readdirSync(expectedRoot).flatMap((server) =>
    readdirSync(path.join(expectedRoot, server)).map(
      (file) => JSON.parse(readFileSync(path.join(expectedRoot, server, file), 'utf8')) as ExpectedReply,
    ),
  );
}

function listRecordedReplies(): string[] {
  const root = fixturePath('whois');
  return readdirSync(root).flatMap((server) =>
    readdirSync(path.join(root, server)).map((file) => `whois/${server}/${file}`),
  );
}

describe.skipIf(!haveFixtures())('WHOIS parser on the recorded replies', () => {
  const expected = loadExpected();

  it('has an expected-field table for every recorded reply', () => {
    expect(expected.map((item) => item.file).sort()).toEqual(listRecordedReplies().sort());
  });

  for (const item of expected) {
    it(`reads ${item.file} as a ${item.kind} reply with its expected fields`, () => {
      const parsed = parseWhoisReply(decodeReply(readFileSync(fixturePath(item.file))).text, item.query);
      expect(parsed.kind).toBe(item.kind);
      const fields = flattenParsedWhois(parsed);
      // The whole parse is compared: a field no table lists is a new claim nobody checked.
      const listed = new Set([...Object.keys(item.fields), ...Object.keys(item.gaps ?? {})]);
      expect(
        Object.keys(fields).filter((name) => !listed.has(name)),
        'parsed fields that neither the expected fields nor the gaps list',
      ).toEqual([]);
      for (const [name, gap] of Object.entries(item.gaps ?? {})) {
        expect(fields[name], `gap ${name} changed (fixed? promote it to fields): ${gap.why}`).toEqual(
          gap.actual,
        );
      }
      for (const [name, value] of Object.entries(item.fields)) {
        if (Array.isArray(value)) {
          expect([...((fields[name] as string[] | undefined) ?? [])].sort(), name).toEqual([...value].sort());
        } else {
          expect(fields[name], name).toEqual(value);
        }
      }
    });
  }

  it('drops the redacted contact values of a registrar reply and keeps those it shows', () => {
    const parsed = parseWhoisReply(
      decodeReply(readFileSync(fixturePath('whois/whois.encirca.com/encirca.com.txt'))).text,
      'encirca.com',
    );
    expect(parsed.contacts.admin).toBeUndefined();
    expect(parsed.contacts.registrant).toEqual({
      organization: 'EnCirca Inc.',
      province: 'MA',
      country: 'United States',
    });
  });
});
