import { describe, expect, it } from 'vitest';
import type { GraphReader } from '../../core/plugin-api';
import { autnumWithContacts } from '../../../../test/hostile/big-replies';
import {
  OFF_THREAD_MIN_CHARS,
  RDAP_EXPANSION_PLAN,
  classifyContactName,
  expandRecord,
  planOffThread,
  planStoredReply,
} from './expand';

const emptyGraph: GraphReader = {
  findEntity: () => undefined,
  outgoing: () => [],
  incoming: () => [],
  isMonitoredSince: () => false,
};

/** A synthetic autnum reply with one top-level registrant whose jCard has this kind and name. */
function autnumWithRegistrant(kind: string | undefined, fullName: string): Record<string, unknown> {
  const properties: unknown[] = [
    ['version', {}, 'text', '4.0'],
    ['fn', {}, 'text', fullName],
  ];
  if (kind !== undefined) {
    properties.push(['kind', {}, 'text', kind]);
  }
  return {
    objectClassName: 'autnum',
    handle: 'AS64511',
    startAutnum: 64511,
    entities: [
      {
        objectClassName: 'entity',
        handle: 'EX-REG1',
        roles: ['registrant'],
        vcardArray: ['vcard', properties],
      },
    ],
  };
}

function holderEdges(kind: string | undefined, fullName: string): string[] {
  const findings = expandRecord(
    'AutnumRecord:AS64511',
    autnumWithRegistrant(kind, fullName),
    emptyGraph,
    () => undefined,
  );
  return findings.edges
    .filter((edge) => edge.relation === 'person' || edge.relation === 'organization')
    .map((edge) => `${edge.from}|${edge.relation}|${edge.to}`);
}

describe('RDAP contact holder', () => {
  it('makes an individual-kind registrant with a legal form an Organization linked to its ContactRecord', () => {
    expect(holderEdges('individual', 'ESTRELLA DIGITAL ANDINA, C.A.')).toEqual([
      'ContactRecord:rdap-handle:EX-REG1|organization|Organization:estrella digital andina c a',
    ]);
  });

  it('makes an individual-kind registrant with a shared legal suffix an Organization', () => {
    expect(holderEdges('individual', 'Quillwort Hosting LLC')).toEqual([
      'ContactRecord:rdap-handle:EX-REG1|organization|Organization:quillwort hosting llc',
    ]);
  });

  it('makes an individual-kind name that does not parse as a person an Organization', () => {
    expect(classifyContactName('individual', 'Quillwort Networks')).toEqual({
      type: 'Organization',
      name: 'Quillwort Networks',
    });
  });

  it('keeps an individual-kind personal name a Person', () => {
    expect(holderEdges('individual', 'Marisol Quintero')).toEqual([
      'ContactRecord:rdap-handle:EX-REG1|person|Person:marisol quintero',
    ]);
  });

  it('makes org and organization kinds Organizations, even with a name that reads as a person', () => {
    expect(classifyContactName('org', 'Marisol Quintero')).toEqual({
      type: 'Organization',
      name: 'Marisol Quintero',
    });
    expect(classifyContactName('organization', 'Quillwort SRL')).toEqual({
      type: 'Organization',
      name: 'Quillwort SRL',
    });
  });

  it('gives no holder for a placeholder name, a missing kind or a group', () => {
    expect(holderEdges('individual', 'REDACTED FOR PRIVACY')).toEqual([]);
    expect(classifyContactName(undefined, 'Quillwort Hosting LLC')).toBeUndefined();
    expect(classifyContactName('group', 'Marisol Quintero')).toBeUndefined();
    expect(classifyContactName('individual', '  ')).toBeUndefined();
  });
});

describe('where a kept reply is read', () => {
  const asked: string[] = [];
  const workers = {
    run: (task: string, input: unknown) => {
      asked.push(task);
      return Promise.resolve(planStoredReply(input as never));
    },
  };

  it('reads an ordinary reply in place and hands a large one to the compute workers', async () => {
    const ordinary = { raw: String(autnumWithContacts(64496, 3).body), objectClass: 'autnum' as const };
    const large = { raw: String(autnumWithContacts(64496, 2000).body), objectClass: 'autnum' as const };
    expect(ordinary.raw.length).toBeLessThan(OFF_THREAD_MIN_CHARS);
    expect(large.raw.length).toBeGreaterThanOrEqual(OFF_THREAD_MIN_CHARS);
    const signal = new AbortController().signal;

    expect(await planOffThread(workers, ordinary, signal)).toEqual(planStoredReply(ordinary));
    expect(asked).toEqual([]);
    expect(await planOffThread(workers, large, signal)).toEqual(planStoredReply(large));
    expect(asked).toEqual([RDAP_EXPANSION_PLAN]);
  });
});
