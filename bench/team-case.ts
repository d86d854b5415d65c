/**
 * Benchmark: the team-case (PostgreSQL) write path beside the case-file (SQLite) write path and a
 * raw `pg` insert loop of the same rows, and the delay from a write in one client to its delta in
 * another. Starts a throw-away PostgreSQL cluster (test/support/postgres.ts) or uses
 * TRACE_GRAPH_PG_URL; skips with a line saying why when neither is available (outside CI).
 * BENCH_SMALL=1 (or CI=true) runs small inputs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openCaseGraph } from '../src/engine/graph/case-file';
import type { Findings } from '../src/engine/graph/findings';
import { openTeamCase } from '../src/engine/graph/postgres/pg-case-store';
import { parseTeamCaseUrl } from '../src/engine/graph/postgres/team-case-url';
import { findPostgresBin, startPostgres } from '../test/support/postgres';

const SMALL = process.env.BENCH_SMALL === '1' || process.env.CI === 'true';
const ENTITIES = SMALL ? 300 : 3_000;
const BATCH = 50;
const DELAY_SAMPLES = SMALL ? 10 : 100;
const SOURCE = { name: 'RDAP', confidence: 90 };
const HANDLER = 'bench/writer';

if (process.env.TRACE_GRAPH_PG_URL === undefined && findPostgresBin() === undefined) {
  if (process.env.CI === 'true') {
    console.error('team-case: no PostgreSQL server binaries (CI installs the postgresql package)');
    process.exit(1);
  }
  console.log('team-case: skipped (no PostgreSQL reachable: install postgresql or set TRACE_GRAPH_PG_URL)');
  process.exit(0);
}

/** Handler-shaped batches: 50 new FQDNs, each linked to the previous one (as bench/graph-store). */
function createBatches(prefix: string): Findings[] {
  const batches: Findings[] = [];
  for (let start = 0; start < ENTITIES; start += BATCH) {
    const findings: Findings = { entities: [], edges: [], dispatch: [] };
    for (let index = start; index < start + BATCH; index += 1) {
      const name = `${prefix}-${index}.bench.example`;
      findings.entities.push({ type: 'FQDN', asset: { name } });
      if (index > start) {
        findings.edges.push({
          from: `FQDN:${name}`,
          relation: 'node',
          to: `FQDN:${prefix}-${index - 1}.bench.example`,
        });
      }
    }
    batches.push(findings);
  }
  return batches;
}

const rowsOf = (batches: Findings[]): number =>
  batches.reduce((sum, findings) => sum + findings.entities.length + findings.edges.length, 0);

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? NaN;
}

const server = await startPostgres();
const dir = mkdtempSync(join(tmpdir(), 'bench-team-'));
try {
  const databaseUrl = await server.createDatabase();
  const target = (name: string) => parseTeamCaseUrl(`${databaseUrl}#${name}`);

  // 1. The case-file write path: one apply() per batch, each its own transaction.
  const sqliteBatches = createBatches('sqlite');
  const graph = openCaseGraph(join(dir, 'bench.sqlite'));
  let started = performance.now();
  for (const findings of sqliteBatches) {
    graph.applyNow(findings, { source: SOURCE, handler: HANDLER });
  }
  const sqliteSeconds = (performance.now() - started) / 1000;
  void graph.close();

  // 2. The team-case write path: the same batches, one PostgreSQL transaction each.
  const teamBatches = createBatches('team');
  const store = await openTeamCase(target('bench'), { password: server.password });
  started = performance.now();
  for (const findings of teamBatches) {
    await store.apply(findings, { source: SOURCE, handler: HANDLER });
  }
  const teamSeconds = (performance.now() - started) / 1000;
  await store.close();

  // 3. A raw pg loop: the same rows inserted as plain rows, one transaction per batch.
  const rawBatches = createBatches('raw');
  const url = new URL(databaseUrl);
  const client = new pg.Client({
    host: server.host,
    port: server.port,
    user: server.user,
    password: server.password,
    database: url.pathname.slice(1),
  });
  await client.connect();
  await client.query(
    'CREATE TABLE raw_entities (id text PRIMARY KEY, content jsonb NOT NULL, updated_at double precision NOT NULL)',
  );
  await client.query(
    'CREATE TABLE raw_edges (from_id text, relation text, to_id text, updated_at double precision, PRIMARY KEY (from_id, relation, to_id))',
  );
  started = performance.now();
  for (const findings of rawBatches) {
    await client.query('BEGIN');
    const now = Date.now();
    for (const entity of findings.entities) {
      await client.query('INSERT INTO raw_entities VALUES ($1, $2, $3)', [
        `FQDN:${String((entity.asset as { name: string }).name)}`,
        JSON.stringify(entity.asset),
        now,
      ]);
    }
    for (const edge of findings.edges) {
      await client.query('INSERT INTO raw_edges VALUES ($1, $2, $3, $4)', [
        edge.from,
        edge.relation,
        edge.to,
        now,
      ]);
    }
    await client.query('COMMIT');
  }
  const rawSeconds = (performance.now() - started) / 1000;
  // 3b. The same rows, one multi-row INSERT per table per batch (the fewest round trips pg allows).
  await client.query('TRUNCATE raw_entities, raw_edges');
  started = performance.now();
  for (const findings of rawBatches) {
    const now = Date.now();
    await client.query('BEGIN');
    await client.query(
      'INSERT INTO raw_entities SELECT id, content::jsonb, $3 FROM unnest($1::text[], $2::text[]) AS t (id, content)',
      [
        findings.entities.map((entity) => `FQDN:${String((entity.asset as { name: string }).name)}`),
        findings.entities.map((entity) => JSON.stringify(entity.asset)),
        now,
      ],
    );
    await client.query(
      'INSERT INTO raw_edges SELECT f, r, t, $4 FROM unnest($1::text[], $2::text[], $3::text[]) AS x (f, r, t)',
      [
        findings.edges.map((edge) => edge.from),
        findings.edges.map((edge) => edge.relation),
        findings.edges.map((edge) => edge.to),
        now,
      ],
    );
    await client.query('COMMIT');
  }
  const rawBulkSeconds = (performance.now() - started) / 1000;
  await client.end();

  const rows = rowsOf(sqliteBatches);
  const rate = (seconds: number): string => `${Math.round(rows / seconds).toLocaleString('en')} rows/s`;
  console.log(
    `write path, ${rows.toLocaleString('en')} rows in ${sqliteBatches.length} writes of ${BATCH} entities:`,
  );
  console.log(`  case file (SQLite) apply():         ${rate(sqliteSeconds)}`);
  console.log(
    `  team case (PostgreSQL) apply():     ${rate(teamSeconds)}  (${(sqliteSeconds / teamSeconds).toFixed(2)}x the case file)`,
  );
  console.log(
    `  raw pg, one INSERT per row:         ${rate(rawSeconds)}  (team case = ${(rawSeconds / teamSeconds).toFixed(2)}x this)`,
  );
  console.log(
    `  raw pg, multi-row INSERT per batch: ${rate(rawBulkSeconds)}  (team case = ${(rawBulkSeconds / teamSeconds).toFixed(2)}x this)`,
  );

  // 4. Write-to-delta delay: a write by one client until the other client's listener has it.
  const writer = await openTeamCase(target('live'), { password: server.password });
  const reader = await openTeamCase(target('live'), { password: server.password });
  const arrived = new Map<number, number>();
  const waiters = new Map<number, () => void>();
  reader.onDelta((delta) => {
    arrived.set(delta.seq, performance.now());
    waiters.get(delta.seq)?.();
  });
  const fromCall: number[] = [];
  const fromCommit: number[] = [];
  const liveBatches = createBatches('live').slice(0, DELAY_SAMPLES);
  for (const findings of liveBatches) {
    const called = performance.now();
    const delta = await writer.apply(findings, { source: SOURCE, handler: HANDLER });
    const committed = performance.now();
    if (!arrived.has(delta.seq)) {
      await new Promise<void>((resolve) => waiters.set(delta.seq, resolve));
    }
    const at = arrived.get(delta.seq) ?? NaN;
    fromCall.push(at - called);
    fromCommit.push(at - committed);
  }
  await Promise.all([writer.close(), reader.close()]);
  const ms = (value: number): string => `${value.toFixed(1)} ms`;
  console.log(
    `write-to-delta delay between two clients (${liveBatches.length} writes of ${BATCH} entities):`,
  );
  console.log(
    `  from apply() call: median ${ms(percentile(fromCall, 0.5))}, p95 ${ms(percentile(fromCall, 0.95))}`,
  );
  console.log(
    `  from its commit:   median ${ms(percentile(fromCommit, 0.5))}, p95 ${ms(percentile(fromCommit, 0.95))}`,
  );
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
