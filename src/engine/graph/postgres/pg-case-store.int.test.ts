import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { GraphDelta } from '../../../shared/model/graph';
import { havePostgres } from '../../../../test/support/postgres';
import { nextDelta, useTeamCaseServer } from '../../../../test/support/team-case-server';
import { openCaseGraph } from '../case-file';
import { FindingsBuilder, type Findings } from '../findings';
import { InvalidRelationError, type WriteOptions } from '../types';
import { TeamCaseError } from './connection';
import { ReadOnlyTeamCaseError, type PostgresCaseGraph } from './pg-case-store';
import { openPgRateLedger } from './pg-rate-ledger';
import { parseTeamCaseUrl } from './team-case-url';

const GLEIF = { name: 'GLEIF', confidence: 100 };
const write: WriteOptions = { source: GLEIF, handler: 'gleif/lei-records' };

function organizationWithLei(name: string, lei: string): Findings {
  const builder = new FindingsBuilder();
  const org = builder.entity('Organization', { unique_id: name.toLowerCase(), name });
  const id = builder.entity('Identifier', { unique_id: `lei:${lei}`, id: lei, id_type: 'lei' });
  builder.edge(org, 'id', id);
  return builder.build();
}

function lei(index: number): string {
  return `5299000J2N45DDNE${String(index).padStart(4, '0')}`;
}

/** Resolves with the first delta whose seq is at least `seq`. */
function deltaReaching(store: PostgresCaseGraph, seq: number): Promise<GraphDelta> {
  return nextDelta(store, (delta) => delta.seq >= seq);
}

describe.skipIf(!havePostgres())('PostgreSQL team case store', () => {
  const team = useTeamCaseServer();
  const open = (caseName: string, url?: string, password?: string): Promise<PostgresCaseGraph> =>
    team.open(caseName, { url, password });

  it("delivers one client's write to another open client of the case, with the same sequence number", async () => {
    const alice = await open('live');
    const bob = await open('live');
    const seen = deltaReaching(bob, 1);
    const written = await alice.apply(organizationWithLei('Acme', lei(1)), write);
    const received = await seen;
    expect(received.seq).toBe(written.seq);
    expect(received.entities.map((entity) => entity.id).sort()).toEqual(
      written.entities.map((entity) => entity.id).sort(),
    );
  });

  it('gives concurrent writers of one case consecutive sequence numbers and one identical graph', async () => {
    const alice = await open('concurrent');
    const bob = await open('concurrent');
    const writes = Array.from({ length: 10 }, (_, index) =>
      (index % 2 === 0 ? alice : bob).apply(organizationWithLei(`Org ${index}`, lei(100 + index)), write),
    );
    const seqs = (await Promise.all(writes)).map((delta) => delta.seq).sort((a, b) => a - b);
    expect(seqs).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    await Promise.all([alice.settle(), bob.settle()]);
    const [fromAlice, fromBob] = [alice.exportJson(), bob.exportJson()];
    expect(fromBob).toEqual(fromAlice);
    expect(fromAlice.entities).toHaveLength(20);
  });

  it('makes two expansions of the same node by two clients one entity and one edge set', async () => {
    const alice = await open('same-node');
    const bob = await open('same-node');
    await Promise.all([
      alice.apply(organizationWithLei('Contoso', lei(7)), write),
      bob.apply(organizationWithLei('Contoso', lei(7)), write),
    ]);
    await alice.settle();
    const stats = alice.stats();
    expect(stats.entities).toBe(2);
    expect(stats.edges).toBe(1);
  });

  it('keeps several named cases in one database apart', async () => {
    const first = await open('case one');
    const second = await open('case two');
    await first.apply(organizationWithLei('Only In One', lei(2)), write);
    expect(second.snapshot().entities).toEqual([]);
    expect(first.snapshot().entities).toHaveLength(2);
  });

  it('says whether opening created the case or found it', async () => {
    const first = await open('made here');
    const second = await open('made here');
    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
  });

  it('lets a client that missed deltas fetch them all with changesSince', async () => {
    const alice = await open('catch-up');
    await alice.apply(organizationWithLei('Early', lei(3)), write);
    const seqBefore = alice.currentSeq();
    const bob = await open('catch-up');
    const late = await bob.apply(organizationWithLei('Late', lei(4)), write);
    await alice.settle();
    const changes = alice.changesSince(seqBefore);
    expect(changes.seq).toBe(seqBefore + 1);
    expect(changes.entities.map((entity) => entity.id).sort()).toEqual(
      late.entities.map((entity) => entity.id).sort(),
    );
    expect(changes.edges.map((edge) => edge.id)).toEqual(late.edges.map((edge) => edge.id));
  });

  it('writes nothing when a relation is not in the taxonomy', async () => {
    const store = await open('invalid');
    const builder = new FindingsBuilder();
    const org = builder.entity('Organization', { unique_id: 'acme', name: 'Acme' });
    const fqdn = builder.entity('FQDN', { name: 'acme.example' });
    builder.edge(org, 'parent', fqdn);
    await expect(store.apply(builder.build(), write)).rejects.toBeInstanceOf(InvalidRelationError);
    expect(store.currentSeq()).toBe(0);
    const reopened = await open('invalid');
    expect(reopened.snapshot().entities).toEqual([]);
    // And the client still writes afterwards.
    expect((await store.apply(organizationWithLei('Acme', lei(5)), write)).seq).toBe(1);
  });

  it('holds every committed write after the writer closes and the case is reopened', async () => {
    const writer = await open('reopen');
    for (let index = 0; index < 5; index += 1) {
      await writer.apply(organizationWithLei(`Kept ${index}`, lei(200 + index)), write);
    }
    writer.savePositions({ 'Organization:kept 0': { x: 1, y: 2 } });
    await writer.settle();
    const before = writer.exportJson();
    await writer.close();
    const reader = await open('reopen');
    expect(reader.exportJson()).toEqual(before);
    expect(reader.loadPositions()).toEqual({ 'Organization:kept 0': { x: 1, y: 2 } });
  });

  it('saves a copy of a team case as a case file holding every committed write', async () => {
    const store = await open('copied');
    await store.apply(organizationWithLei('Copied', lei(9)), write);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'team-copy-'));
    try {
      const file = path.join(dir, 'copy.sqlite');
      store.saveCopy(file);
      const copy = openCaseGraph(file);
      expect(copy.exportJson()).toEqual(store.exportJson());
      void copy.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reconnects after the server drops every connection, and keeps delivering the other client's writes", async () => {
    const alice = await open('dropped');
    const bob = await open('dropped');
    const states: string[] = [];
    const lost = Promise.all(
      [alice, bob].map(
        (store) =>
          new Promise<void>((resolve) => {
            store.onConnectionState((state) => {
              states.push(state);
              if (state === 'reconnecting') {
                resolve();
              }
            });
          }),
      ),
    );
    const admin = new pg.Client({
      host: team.server.host,
      port: team.server.port,
      user: team.server.user,
      password: team.server.password,
      database: 'postgres',
    });
    await admin.connect();
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'trace-graph'`,
    );
    await admin.end();
    await lost;
    const seen = deltaReaching(bob, 1);
    const written = await alice.apply(organizationWithLei('After The Drop', lei(10)), write);
    expect((await seen).seq).toBe(written.seq);
    expect((await bob.apply(organizationWithLei('Bob Too', lei(11)), write)).seq).toBe(written.seq + 1);
    expect(states).toContain('connected');
  });

  it('opens and exports for a read-only role but refuses to enrich, with a clear message', async () => {
    const owner = await open('shared');
    await owner.apply(organizationWithLei('Visible', lei(6)), write);
    const admin = new pg.Client({
      host: team.server.host,
      port: team.server.port,
      user: team.server.user,
      password: team.server.password,
      database: new URL(team.databaseUrl).pathname.slice(1),
    });
    await admin.connect();
    await admin.query(`DROP ROLE IF EXISTS viewer; CREATE ROLE viewer LOGIN PASSWORD 'viewer-pw'`);
    await admin.query('GRANT SELECT ON ALL TABLES IN SCHEMA public TO viewer');
    await admin.end();
    const viewerUrl = team.databaseUrl.replace(`${team.server.user}@`, 'viewer@');
    const viewer = await open('shared', viewerUrl, 'viewer-pw');
    expect(viewer.readOnly).toBe(true);
    expect(viewer.exportJson().entities).toHaveLength(2);
    const refused = viewer.apply(organizationWithLei('Nope', lei(8)), write);
    await expect(refused).rejects.toBeInstanceOf(ReadOnlyTeamCaseError);
    await expect(refused).rejects.toThrow(/read-only for PostgreSQL user viewer: you can open and export it/);
    await expect(open('not-there', viewerUrl, 'viewer-pw')).rejects.toThrow(/no team case "not-there"/);
  });

  describe('failures are one line, within seconds', () => {
    const expectOneLine = async (attempt: Promise<unknown>, pattern: RegExp): Promise<void> => {
      const started = Date.now();
      const error = await attempt.then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(TeamCaseError);
      const message = (error as Error).message;
      expect(message).toMatch(pattern);
      expect(message).not.toContain('\n');
      expect(message).not.toContain(team.server.password);
      expect(Date.now() - started).toBeLessThan(10_000);
    };

    it('reports a wrong password', async () => {
      await expectOneLine(
        open('x', team.databaseUrl, 'not-the-password'),
        /wrong password for PostgreSQL user trace/,
      );
    });

    it('reports a database that does not exist', async () => {
      await expectOneLine(
        open('x', team.databaseUrl.replace(/\/[^/]+$/, '/no_such_db')),
        /database "no_such_db" does not exist/,
      );
    });

    it('reports a server that does not answer on its port', async () => {
      await expectOneLine(
        open('x', `postgresql://trace@127.0.0.1:1/db`),
        /cannot reach PostgreSQL at 127\.0\.0\.1:1 \(connection refused\)/,
      );
    });
  });

  it("keeps a team rate ledger's slots to the limit across members and frees a killed member's slot", async () => {
    const target = parseTeamCaseUrl(`${team.databaseUrl}#ledger`);
    await open('ledger');
    const first = await openPgRateLedger(target, team.server.password);
    const second = await openPgRateLedger(target, team.server.password);
    const limit = { requests: 1, intervalMs: 60_000 };
    expect(await first.tryHold('GLEIF', limit, 'a')).toBeUndefined();
    expect(await second.tryHold('GLEIF', limit, 'b')).toBeGreaterThan(0);
    // The holder's connection goes away (a killed member): its slot counts as released then.
    await first.close();
    const wait = await second.tryHold('GLEIF', limit, 'b');
    expect(wait).toBeGreaterThan(59_000);
    await second.close();
  });
});
