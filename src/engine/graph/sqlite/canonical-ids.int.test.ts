import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCaseGraph } from '../case-graph';
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
  graph.apply(
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
  graph.close();
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
    graph.close();
  });

  it('runs once: a second open finds nothing to do and leaves the sequence number alone', () => {
    const file = path.join(dir, 'old.sqlite');
    writeOldStyleCase(file);
    openCaseGraph(file).close();
    const graph = openCaseGraph(file);
    const seq = graph.currentSeq();
    graph.close();
    const again = openCaseGraph(file);
    expect(again.currentSeq()).toBe(seq);
    again.close();
  });
});
