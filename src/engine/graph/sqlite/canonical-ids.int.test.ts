import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCaseGraph } from '../case-file';
import { CANONICAL_IDS_KEY } from './canonical-ids';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'canonical-ids-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * A case file as an older version wrote it: the same IPv6 netblock under a zero-padded id beside
 * its canonical one, an IPv4 netblock with host bits set, each with an edge from one AS.
 */
function writeOldStyleCase(file: string): void {
  const graph = openCaseGraph(file);
  graph.applyNow(
    {
      entities: [
        { type: 'AutonomousSystem', asset: { number: 15169 } },
        { type: 'Netblock', asset: { cidr: '2001:4860::/32', type: 'IPv6' } },
      ],
      edges: [{ from: 'AutonomousSystem:15169', to: 'Netblock:2001:4860::/32', relation: 'announces' }],
      dispatch: [],
    },
    { source: { name: 'RDAP', confidence: 90 }, now: 1000 },
  );
  void graph.close();
  const db = new Database(file);
  const insertEntity = db.prepare(
    'INSERT INTO entities (id, type, content, created_at, updated_at, seq) VALUES (?, ?, ?, 500, 500, 1)',
  );
  const insertEdge = db.prepare(
    `INSERT INTO edges (id, from_id, to_id, relation, properties, created_at, updated_at, seq)
     VALUES (?, 'AutonomousSystem:15169', ?, 'announces', '{}', 500, 500, 1)`,
  );
  const insertSource = db.prepare(
    "INSERT INTO edge_sources (edge_id, name, confidence, created_at, updated_at) VALUES (?, 'WHOIS', 80, 500, 500)",
  );
  for (const cidr of ['2001:4860:0000::/32', '8.8.8.8/24']) {
    const id = `Netblock:${cidr}`;
    insertEntity.run(id, 'Netblock', JSON.stringify({ cidr, type: cidr.includes(':') ? 'IPv6' : 'IPv4' }));
    insertEdge.run(`AutonomousSystem:15169|announces|${id}`, id);
    insertSource.run(`AutonomousSystem:15169|announces|${id}`);
  }
  db.prepare('DELETE FROM meta WHERE key = ?').run(CANONICAL_IDS_KEY);
  db.close();
}

describe('canonical-id migration of an existing case file', () => {
  it('folds an entity under a non-canonical id into the canonical one, keeping every edge source', () => {
    const file = path.join(dir, 'old.sqlite');
    writeOldStyleCase(file);
    const graph = openCaseGraph(file);
    const netblocks = graph
      .exportJson()
      .entities.filter((entity) => entity.type === 'Netblock')
      .map((entity) => entity.id);
    expect(netblocks).toEqual(['Netblock:2001:4860::/32', 'Netblock:8.8.8.0/24']);
    const announced = graph.outgoing('AutonomousSystem:15169').map(({ entity, edge }) => ({
      to: entity.id,
      sources: edge.sources.map((source) => source.name),
    }));
    expect(announced).toEqual([
      { to: 'Netblock:2001:4860::/32', sources: ['RDAP', 'WHOIS'] },
      { to: 'Netblock:8.8.8.0/24', sources: ['WHOIS'] },
    ]);
    expect(graph.resolveId('Netblock:2001:4860:0000::/32')).toBe('Netblock:2001:4860::/32');
    expect(graph.resolveId('Netblock:8.8.8.8/24')).toBe('Netblock:8.8.8.0/24');
    void graph.close();
  });

  it('runs once: a second open finds nothing to do and leaves the sequence number alone', () => {
    const file = path.join(dir, 'old.sqlite');
    writeOldStyleCase(file);
    void openCaseGraph(file).close();
    const graph = openCaseGraph(file);
    const seq = graph.currentSeq();
    void graph.close();
    const again = openCaseGraph(file);
    expect(again.currentSeq()).toBe(seq);
    void again.close();
  });
});

/** GLEIF's upper-case spelling of Microsoft's headquarters and a WHOIS reply's spelling of it. */
const GLEIF_ADDRESS = 'ONE MICROSOFT WAY REDMOND WA 98052-8300 US';
const WHOIS_ADDRESS = 'One Microsoft Way, Redmond, WA, 98052-8300, United States';

/**
 * A case file brought to the first identity rules (meta version 1), when Location ids were the
 * source's spelling: one address under GLEIF's id (an Organization's headquarters) and under the
 * WHOIS id (a registrant's location), plus a different address that must stay apart.
 */
function writeCaseWithSpelledLocations(file: string): void {
  void openCaseGraph(file).close();
  const db = new Database(file);
  const insertEntity = db.prepare(
    'INSERT INTO entities (id, type, content, created_at, updated_at, seq) VALUES (?, ?, ?, 500, 500, 1)',
  );
  const insertEdge = db.prepare(
    `INSERT INTO edges (id, from_id, to_id, relation, properties, created_at, updated_at, seq)
     VALUES (?, ?, ?, ?, '{}', 500, 500, 1)`,
  );
  const insertSource = db.prepare(
    'INSERT INTO edge_sources (edge_id, name, confidence, created_at, updated_at) VALUES (?, ?, 90, 500, 500)',
  );
  insertEntity.run(
    'Organization:msft',
    'Organization',
    JSON.stringify({ unique_id: 'msft', name: 'Microsoft' }),
  );
  insertEntity.run(
    'ContactRecord:whois#registrant',
    'ContactRecord',
    JSON.stringify({ discovered_at: 'whois#registrant' }),
  );
  const links: [from: string, relation: string, address: string, source: string][] = [
    ['Organization:msft', 'hq_address', GLEIF_ADDRESS, 'GLEIF'],
    ['ContactRecord:whois#registrant', 'location', WHOIS_ADDRESS, 'WHOIS'],
    ['ContactRecord:whois#registrant', 'location', 'Two Microsoft Way, Redmond, WA, 98052-8300, US', 'WHOIS'],
  ];
  for (const [from, relation, address, source] of links) {
    const id = `Location:${address}`;
    insertEntity.run(id, 'Location', JSON.stringify({ address, city: 'Redmond' }));
    insertEdge.run(`${from}|${relation}|${id}`, from, id, relation);
    insertSource.run(`${from}|${relation}|${id}`, source);
  }
  db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(CANONICAL_IDS_KEY, '1');
  db.close();
}

describe('canonical-id migration of Locations keyed by their spelling', () => {
  it('folds the GLEIF and the WHOIS spelling of one address into one Location with both sources', () => {
    const file = path.join(dir, 'locations.sqlite');
    writeCaseWithSpelledLocations(file);
    const graph = openCaseGraph(file);
    const canonical = 'Location:one microsoft way redmond wa 98052 8300 us';
    const locations = graph
      .exportJson()
      .entities.filter((entity) => entity.type === 'Location')
      .map((entity) => entity.id);
    expect(locations).toEqual([canonical, 'Location:two microsoft way redmond wa 98052 8300 us']);
    const pointing = graph
      .incoming(canonical)
      .map(({ entity, edge }) => ({ from: entity.id, sources: edge.sources.map((source) => source.name) }))
      .sort((a, b) => a.from.localeCompare(b.from));
    expect(pointing).toEqual([
      { from: 'ContactRecord:whois#registrant', sources: ['WHOIS'] },
      { from: 'Organization:msft', sources: ['GLEIF'] },
    ]);
    expect(graph.resolveId(`Location:${GLEIF_ADDRESS}`)).toBe(canonical);
    expect(graph.resolveId(`Location:${WHOIS_ADDRESS}`)).toBe(canonical);
    void graph.close();
  });

  it("keeps a source's spelling of the address as the merged Location's displayed field", () => {
    const file = path.join(dir, 'locations.sqlite');
    writeCaseWithSpelledLocations(file);
    const graph = openCaseGraph(file);
    const merged = graph.findEntity('Location:one microsoft way redmond wa 98052 8300 us');
    expect([GLEIF_ADDRESS, WHOIS_ADDRESS]).toContain(
      merged?.type === 'Location' ? merged.asset.address : undefined,
    );
    void graph.close();
  });
});
