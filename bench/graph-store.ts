/** Benchmark: case-graph writes through apply() against raw better-sqlite3 inserts of the same rows. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { edgeIdOf, entityIdOf } from '../src/shared/model/asset';
import { configureConnection, openCaseGraph } from '../src/engine/graph/case-file';
import type { Findings } from '../src/engine/graph/findings';

// CI smoke-runs every benchmark on small inputs (BENCH_SMALL=1, or CI set): the figures then only
// prove the script runs.
const SMALL = process.env.BENCH_SMALL === '1' || process.env.CI !== undefined;
const ENTITIES = SMALL ? 1_000 : 20_000;
const BATCH = 50;
const SOURCE = { name: 'RDAP', confidence: 90 };
const HANDLER = 'bench/writer';

/**
 * Batches shaped like a handler's findings: 50 new FQDNs, each linked to the previous name; the
 * first edge of a batch points into the previous batch, so endpoints are found in the store too.
 */
function createBatches(): Findings[] {
  const batches: Findings[] = [];
  for (let start = 0; start < ENTITIES; start += BATCH) {
    const findings: Findings = { entities: [], edges: [], dispatch: [] };
    for (let index = start; index < start + BATCH; index += 1) {
      const name = `host-${index}.bench.example`;
      findings.entities.push({ type: 'FQDN', asset: { name } });
      const previous = `FQDN:host-${index === 0 ? ENTITIES - 1 : index - 1}.bench.example`;
      if (index === 0) {
        // The very first edge has no stored endpoint yet: link it within the batch instead.
        findings.edges.push({ from: `FQDN:${name}`, relation: 'node', to: `FQDN:host-1.bench.example` });
      } else {
        findings.edges.push({ from: `FQDN:${name}`, relation: 'dns_record', to: previous });
      }
    }
    batches.push(findings);
  }
  return batches;
}

function seconds(run: () => void): number {
  const start = performance.now();
  run();
  return (performance.now() - start) / 1000;
}

function benchApply(path: string, batches: Findings[]): { first: number; again: number } {
  const graph = openCaseGraph(path);
  const first = seconds(() => {
    for (const findings of batches) {
      graph.applyNow(findings, { source: SOURCE, handler: HANDLER });
    }
  });
  const again = seconds(() => {
    for (const findings of batches) {
      graph.applyNow(findings, { source: SOURCE, handler: HANDLER });
    }
  });
  void graph.close();
  return { first, again };
}

/** The rows apply() persists, inserted directly in one transaction (no validation, no merge, no delta). */
function benchRaw(path: string, batches: Findings[], withProvenance: boolean, perBatch = false): number {
  void openCaseGraph(path).close();
  const db = new Database(path);
  // The store's own connection settings (WAL, checkpoint threshold...), so only apply() differs.
  configureConnection(db);
  const insertEntity = db.prepare(
    'INSERT INTO entities (id, type, content, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
  );
  const insertTag = db.prepare(
    'INSERT INTO entity_tags (entity_id, name, value, handler, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertEdge = db.prepare(
    'INSERT INTO edges (id, from_id, to_id, relation, properties, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertSource = db.prepare(
    'INSERT INTO edge_sources (edge_id, name, confidence, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
  );
  const now = Date.now();
  const insertBatch = db.transaction((findings: Findings) => {
    for (const item of findings.entities) {
      const id = entityIdOf(item.type, item.asset);
      insertEntity.run(id, item.type, JSON.stringify(item.asset), now, now);
      if (withProvenance) {
        insertTag.run(id, 'source', SOURCE.name, HANDLER, now, now);
      }
    }
    for (const edge of findings.edges) {
      const id = edgeIdOf(edge.from, edge.relation, edge.to);
      insertEdge.run(id, edge.from, edge.to, edge.relation, '{}', now, now);
      if (withProvenance) {
        insertSource.run(id, SOURCE.name, SOURCE.confidence, now, now);
      }
    }
  });
  const insertAll = db.transaction(() => {
    for (const findings of batches) {
      insertBatch(findings);
    }
  });
  const elapsed = seconds(() => {
    if (perBatch) {
      for (const findings of batches) {
        insertBatch(findings);
      }
    } else {
      insertAll();
    }
  });
  db.close();
  return elapsed;
}

const ROUNDS = 3;

const dir = mkdtempSync(join(tmpdir(), 'bench-graph-'));
try {
  const batches = createBatches();
  const rows = ENTITIES * 2;
  // Warm up the JIT and SQLite code paths on a throwaway run.
  benchApply(join(dir, 'warm.sqlite'), batches.slice(0, 40));
  // The machine may be shared: each case runs ROUNDS times, interleaved, and keeps its best time.
  const best = { raw: Infinity, rawAll: Infinity, rawBatched: Infinity, apply: Infinity, again: Infinity };
  for (let round = 0; round < ROUNDS; round += 1) {
    best.raw = Math.min(best.raw, benchRaw(join(dir, `raw-${round}.sqlite`), batches, false));
    best.rawAll = Math.min(best.rawAll, benchRaw(join(dir, `raw-all-${round}.sqlite`), batches, true));
    best.rawBatched = Math.min(
      best.rawBatched,
      benchRaw(join(dir, `raw-batched-${round}.sqlite`), batches, true, true),
    );
    const apply = benchApply(join(dir, `apply-${round}.sqlite`), batches);
    best.apply = Math.min(best.apply, apply.first);
    best.again = Math.min(best.again, apply.again);
  }
  const rate = (elapsed: number): string => Math.round(rows / elapsed).toLocaleString('en-US');
  const table: [string, number][] = [
    ['raw: entity + edge rows, 1 transaction', best.raw],
    ['raw: + source tags + edge sources, 1 tx', best.rawAll],
    [`raw: all rows, ${batches.length} transactions`, best.rawBatched],
    [`apply(): ${batches.length} writes of ${BATCH}+${BATCH}`, best.apply],
    ['apply() again: same findings, no change', best.again],
  ];
  console.log(`graph store: ${ENTITIES} entities + ${ENTITIES} edges, file-backed WAL, best of ${ROUNDS}`);
  console.log(['case'.padEnd(46), 'rows/s'.padStart(10), 'time/raw'.padStart(10)].join(''));
  for (const [label, elapsed] of table) {
    console.log(
      [label.padEnd(46), rate(elapsed).padStart(10), (elapsed / best.raw).toFixed(2).padStart(10)].join(''),
    );
  }
  console.log(
    `apply() vs raw writing the same provenance rows in 1 tx: ${(best.apply / best.rawAll).toFixed(2)}x`,
  );
  // One transaction per apply is the contract (crash safety, one delta per write): this is its floor.
  console.log(
    `apply() vs raw writing the same rows in the same ${batches.length} transactions: ${(best.apply / best.rawBatched).toFixed(2)}x`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
