/**
 * Conformance: the parser against the WHOIS developer corpus (../shared/fixtures/whois-corpus,
 * several hundred real replies from weppos/whois-parser with the fields that parser states).
 * Every reply parses without throwing, every reply the peer calls "available" is read as no
 * match (but for the reviewed disagreements below), and the share of stated fields we get right
 * is printed and held above a floor.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath, haveFixtures } from '../../../../../test/support/fixtures-dir';
import { runCorpus, type CorpusRun } from '../../../../../test/support/whois-corpus';
import { decodeReply } from '../decode';
import { parseWhoisReply } from './index';

/**
 * Reviewed rows where we disagree with the peer's "available", each with the reason. Keyed by
 * the reply's path because each is a judgement about that one reply, not a rule.
 */
const AVAILABLE_DISAGREEMENTS: Record<string, string> = {
  'whois.gandi.net/status_available.txt':
    'a one-byte reply: nothing says "no match", so it is an empty reply (a recorded failure), not a verdict',
  'whois.nic.bo/bo/status_available.txt':
    '"solo acepta consultas con dominios .bo" (only .bo queries accepted) says nothing about the domain',
};

/** The share of stated fields right, measured at 97.38 %; a drop below this floor fails. */
const FIELD_FLOOR = 0.968;

const corpusRoot = fixturePath('whois-corpus');
const haveCorpus = haveFixtures() && existsSync(corpusRoot);

describe.skipIf(!haveCorpus)('WHOIS parser on the developer corpus', () => {
  let run: CorpusRun | undefined;
  const corpus = (): CorpusRun =>
    (run ??= runCorpus(
      corpusRoot,
      (text, domain) => parseWhoisReply(text, domain),
      (bytes) => decodeReply(bytes).text,
    ));

  it('parses every reply without throwing', () => {
    expect(corpus().threw).toEqual([]);
  });

  it('reads every reply the peer calls available as no match, but for the reviewed disagreements', () => {
    expect(corpus().availableMissed.filter((reply) => AVAILABLE_DISAGREEMENTS[reply] === undefined)).toEqual(
      [],
    );
  });

  it('gets the stated fields right at or above the floor, and prints the figure per member', () => {
    const { members, right, stated, replies } = corpus();
    const lines = [...members.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([member, tally]) =>
          `  ${member.padEnd(24)} ${`${tally.right}/${tally.stated}`.padEnd(10)} ${((100 * tally.right) / tally.stated).toFixed(1)} %`,
      );
    console.log(
      [
        `WHOIS corpus: ${right}/${stated} stated fields right (${((100 * right) / stated).toFixed(2)} %) over ${replies} replies`,
        ...lines,
      ].join('\n'),
    );
    expect(right / stated).toBeGreaterThanOrEqual(FIELD_FLOOR);
  });
});
