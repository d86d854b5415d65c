/**
 * The resolution development set (docs/resolution.md, "Development set"): names typed the way
 * investigators type them against the real LEI records of the recorded GLEIF replies. A search
 * reply is every recorded record whose name holds the typed name's first word (its namesakes),
 * given in two orders: the decision must not depend on the order.
 */
import { describe, expect, it } from 'vitest';
import { haveFixtures } from '../../../../test/support/fixtures-dir';
import { loadRecordedRegistry } from '../../../../test/support/gleif-records';
import { foldText } from '../../../shared/names/fold';
import { extractBrandName } from '../../support/brand';
import { smithWatermanGotoh } from '../../support/similarity';
import { candidatesOfReply, decideReply, recordsWorthFetching } from './candidates';
import type { SeedFacts } from './evidence';
import type { FuzzyCandidate } from './wire';

type Kind = 'obvious' | 'ambiguous' | 'none';
/** typed name, the intended LEI (none: the registry has no right answer), kind, jurisdiction */
type Row = [string, string | null, Kind, string];

const ROWS: Row[] = [
  ['PUMA Europe G.m.b.H.', '529900BMH4WOV2MWXU51', 'obvious', 'DE'],
  ['Puma International Trading GmbH', '529900S9NYKESE6C6H13', 'obvious', 'DE'],
  ['Puma SE', '529900GRZ2BQY5ZM9N49', 'obvious', 'DE'],
  ['Societe Generale Effekten GmbH', '529900W18LQJJN6SJ336', 'obvious', 'DE'],
  ['Leoni Bordnetz-Systeme GmbH', '529900EQ1HJCLBKYEW41', 'obvious', 'DE'],
  ['Puma Nordic AB', '213800BQD7W6G427DD83', 'obvious', 'SE'],
  ['Puma International Sports Marketing BV', '529900ANU1DB8A1Y9335', 'obvious', 'NL'],
  ['Shell New Energies NL BV', '213800E99C3JVZGDPV44', 'obvious', 'NL'],
  ['Noordzeewind CV', '213800Y17U9X5943J241', 'obvious', 'NL'],
  ['Energiepark Pottendijk bv', '213800HML5VL7IIM9G57', 'obvious', 'NL'],
  ['Euroshell Cards B.V.', '254900CEFSJXVQZS5W34', 'obvious', 'NL'],
  ['Stichd Group BV', '72450068IE7YQC296X35', 'obvious', 'NL'],
  ['Shell plc', '21380068P1DRHMJ8KU70', 'obvious', 'GB'],
  ['Amazon Digital UK Ltd', '254900LNRYNOQ9YPU758', 'obvious', 'GB'],
  ['Metaswitch Networks Limited', '213800JCN6PSGDRLT915', 'obvious', 'GB'],
  ['Shell QGC Holdings Ltd.', '549300U8Y52MRCVNHF78', 'obvious', 'GB'],
  ['Genesis Group International Ltd', '529900UPMMGD19W9YJ25', 'obvious', 'GB'],
  ['Shell Mobility Italia SRL', '213800GVCIEH4RYAC102', 'obvious', 'IT'],
  ['Leoni Italy Srl', '52990043RWX009OCKI38', 'obvious', 'IT'],
  ['Shell Luxembourgeoise', '213800JKIJQICV4VAV93', 'obvious', 'LU'],
  ['Shell Malaysia Trading Sdn. Bhd.', '549300KUNZLT7SM2TY17', 'obvious', 'MY'],
  ['Shell Timur Sdn Bhd', '5493007IMYFZMDMCYI21', 'obvious', 'MY'],
  ['Microsoft Ireland Operations Ltd', '549300WCLFVEBTBNRF76', 'obvious', 'IE'],
  ['Apple Energy L.L.C.', '549300YX4S1LLSMK2627', 'obvious', 'US'],
  ['Bloomberg Finance LP', '5493001KJTIIGC8Y1R12', 'obvious', 'US'],
  ['Bloomberg L.P.', '549300B56MD0ZC402L06', 'obvious', 'US'],
  ['Bloomberg Inc', '549300RMUDWPHCUQNE66', 'obvious', 'US'],
  ['GitHub, Inc.', '6354003LMZZAKOPXLX69', 'obvious', 'US'],
  ['Citigroup Inc', '6SHGI4ZSSLCXXQSBB395', 'obvious', 'US'],
  ['Microsoft Corporation', 'INR2EJN1ERAN0W5ZP974', 'obvious', 'US'],
  ['Shell Trading Brasil Ltda.', '2138004NCPKEMXY5RL10', 'obvious', 'BR'],
  ['Shell Energy Mexico SA de CV', '549300XB91NR9ATUWU42', 'obvious', 'MX'],
  ['Puma Mexico Sport S.A. de C.V.', '5299008URSKZ33TATT80', 'obvious', 'MX'],
  ['Puma Sports LA SA', '529900ATF9XUG4XSFP50', 'obvious', 'UY'],
  ['Shell Energy Philippines Inc', '213800HWMZMN3KCGN612', 'obvious', 'PH'],
  ['Powershop Australia Pty Ltd', '213800S8OSBDNN4FO816', 'obvious', 'AU'],
  ['Shell Catalysts and Technologies Pte Ltd', '2138001KPMR6PD83HC08', 'obvious', 'SG'],
  ['LinkedIn Singapore Pte Ltd', '549300I3UEC4HXUCH839', 'obvious', 'SG'],
  ['Microsoft Regional Sales Pte. Ltd.', '8945006UNIT4VSLO5077', 'obvious', 'SG'],
  ['Puma Canada Inc', '5299003P2JQIMN2SR117', 'obvious', 'CA'],
  ['PT Shell Indonesia', '549300XSPZ26RK6HXZ74', 'obvious', 'ID'],
  ['Brazil Shipping I Limited', '2138004VFYZFYLELHT92', 'obvious', 'GB'],
  ['Puma', '529900GRZ2BQY5ZM9N49', 'ambiguous', 'DE'],
  ['Shell', '21380068P1DRHMJ8KU70', 'ambiguous', 'GB'],
  ['Microsoft', 'INR2EJN1ERAN0W5ZP974', 'ambiguous', 'US'],
  ['Apple', 'HWUPKR0MPOU8FGXBT394', 'ambiguous', 'US'],
  ['Amazon', 'ZXTILKJKG63JELOEG630', 'ambiguous', 'US'],
  ['Bloomberg', '549300RMUDWPHCUQNE66', 'ambiguous', 'US'],
  ['Shell Malaysia', '549300KUNZLT7SM2TY17', 'ambiguous', 'MY'],
  ['Citigroup', '6SHGI4ZSSLCXXQSBB395', 'ambiguous', 'US'],
  ['Puma GmbH', null, 'none', 'DE'],
  ['Puma International', null, 'none', 'DE'],
  ['Shell Exploration and Production BV', null, 'none', 'NL'],
  ['Shell Exploration and Production (VI) B.V.', null, 'none', 'NL'],
  ['Brazil Shipping II Limited', null, 'none', 'GB'],
  ['Amazon Digital UK GmbH', null, 'none', 'GB'],
  ['Apple Energy Inc', null, 'none', 'US'],
  ['Bloomberg Finance Inc', null, 'none', 'US'],
  ['Shell Petroleum GmbH', null, 'none', 'DE'],
  ['Nokia', null, 'none', 'FI'],
  ['Microsoft Round Island Two', null, 'none', 'IE'],
  ['Leoni AG', null, 'none', 'DE'],
];

const registry = haveFixtures() ? loadRecordedRegistry() : undefined;

/** The namesakes a fuzzy search on the brand would find: names holding its first word. */
function replyFor(typed: string): FuzzyCandidate[] {
  const brand = foldText(extractBrandName(typed));
  const first = brand.split(' ')[0] ?? '';
  const closeness = (name: string): number => smithWatermanGotoh(brand, foldText(name));
  return [...(registry?.records.values() ?? [])]
    .filter((record) => ` ${foldText(record.legalName)} `.includes(` ${first} `))
    .sort((a, b) => closeness(b.legalName) - closeness(a.legalName) || a.lei.localeCompare(b.lei))
    .slice(0, 10)
    .map((record) => ({ name: record.legalName, lei: record.lei }));
}

function resolve(typed: string, reply: FuzzyCandidate[]) {
  const seed: SeedFacts = { name: typed, postalCodes: [], countries: [] };
  const candidates = candidatesOfReply(typed, [typed], reply);
  const records = new Map(
    recordsWorthFetching(seed, candidates).flatMap((lei) => {
      const record = registry?.records.get(lei);
      return record === undefined ? [] : [[lei, record] as const];
    }),
  );
  const leis = new Set(candidates.map((candidate) => candidate.lei));
  const parentOf = new Map<string, number>();
  for (const candidate of candidates) {
    const children = [...leis].filter((lei) => registry?.parents.get(lei)?.has(candidate.lei) === true);
    parentOf.set(candidate.lei, children.length);
  }
  return decideReply(seed, candidates, records, parentOf);
}

describe.skipIf(registry === undefined)('resolution development set', () => {
  const outcomes = ROWS.map(([typed, intended, kind, jurisdiction]) => {
    const reply = replyFor(typed);
    const decision = resolve(typed, reply);
    const reversed = resolve(typed, [...reply].reverse());
    return { typed, intended, kind, jurisdiction, decision, reversed };
  });

  it('covers at least eight jurisdictions', () => {
    expect(new Set(ROWS.map((row) => row[3])).size).toBeGreaterThanOrEqual(8);
  });

  it.each(outcomes.map((outcome) => [outcome.typed, outcome] as const))(
    '%s: the same decision whatever the reply order',
    (_typed, outcome) => {
      expect(outcome.reversed.accepted?.lei).toBe(outcome.decision.accepted?.lei);
      expect(outcome.reversed.ranked.map((candidate) => candidate.lei)).toEqual(
        outcome.decision.ranked.map((candidate) => candidate.lei),
      );
    },
  );

  it('makes no wrong auto-accept', () => {
    const wrong = outcomes.filter(
      (outcome) =>
        outcome.decision.accepted !== undefined && outcome.decision.accepted.lei !== outcome.intended,
    );
    expect(wrong.map((outcome) => [outcome.typed, outcome.decision.accepted?.name])).toEqual([]);
  });

  it('auto-accepts at least 90 % of the obvious names', () => {
    const obvious = outcomes.filter((outcome) => outcome.kind === 'obvious');
    const missed = obvious.filter((outcome) => outcome.decision.accepted?.lei !== outcome.intended);
    report('obvious auto-accepted', obvious.length - missed.length, obvious.length, missed);
    expect((obvious.length - missed.length) / obvious.length).toBeGreaterThanOrEqual(0.9);
  });

  it('holds every ambiguous name for review, the intended one first in at least 90 %', () => {
    const ambiguous = outcomes.filter((outcome) => outcome.kind === 'ambiguous');
    expect(ambiguous.filter((outcome) => outcome.decision.accepted !== undefined)).toEqual([]);
    const missed = ambiguous.filter((outcome) => outcome.decision.ranked[0]?.lei !== outcome.intended);
    report('ambiguous intended first', ambiguous.length - missed.length, ambiguous.length, missed);
    expect((ambiguous.length - missed.length) / ambiguous.length).toBeGreaterThanOrEqual(0.9);
  });

  it('accepts nothing where the registry has no right answer', () => {
    const none = outcomes.filter((outcome) => outcome.kind === 'none');
    report('no-answer names accepted', none.filter((o) => o.decision.accepted).length, none.length, []);
    expect(none.filter((outcome) => outcome.decision.accepted !== undefined).map((o) => o.typed)).toEqual([]);
  });
});

function report(
  label: string,
  count: number,
  total: number,
  missed: { typed: string; decision: { ranked: { name: string; strength: number }[] } }[],
): void {
  if (process.env.DEV_SET_REPORT === '1') {
    console.log(`${label}: ${count}/${total}`);
    for (const outcome of missed) {
      console.log(
        `  missed ${outcome.typed}: ${outcome.decision.ranked.map((c) => `${c.name}(${c.strength})`).join(' | ')}`,
      );
    }
  }
}
