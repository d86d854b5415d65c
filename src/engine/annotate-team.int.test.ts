import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GraphDelta } from '../shared/model/graph';
import { havePostgres, startPostgres, type PostgresServer } from '../../test/support/postgres';
import { annotate, AnnotationRefusedError } from './annotate';
import { openTeamCase, type PostgresCaseGraph } from './graph/postgres/pg-case-store';
import { parseTeamCaseUrl } from './graph/postgres/team-case-url';

const EDGE = 'Organization:parent|subsidiary|Organization:child';
let server: PostgresServer;
let databaseUrl: string;
const opened: PostgresCaseGraph[] = [];

async function open(caseName: string): Promise<PostgresCaseGraph> {
  const store = await openTeamCase(parseTeamCaseUrl(`${databaseUrl}#${caseName}`), {
    password: server.password,
  });
  opened.push(store);
  return store;
}

function deltaWith(store: PostgresCaseGraph, test: (delta: GraphDelta) => boolean): Promise<GraphDelta> {
  return new Promise((resolve) => {
    const stop = store.onDelta((delta) => {
      if (test(delta)) {
        stop();
        resolve(delta);
      }
    });
  });
}

describe.skipIf(!havePostgres())('notes and flags in a team case', () => {
  beforeAll(async () => {
    server = await startPostgres();
    databaseUrl = await server.createDatabase();
  }, 60_000);
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });
  afterAll(async () => {
    await server.stop();
  });

  it("reaches another member live and stays in both members' exports", async () => {
    const alice = await open('annotated');
    const bob = await open('annotated');
    await alice.apply(
      {
        entities: ['parent', 'child'].map((id) => ({
          type: 'Organization',
          asset: { unique_id: id, name: id },
        })),
        edges: [{ from: 'Organization:parent', relation: 'subsidiary', to: 'Organization:child' }],
        dispatch: [],
      },
      { source: { name: 'GLEIF', confidence: 100 } },
    );
    const seen = deltaWith(bob, (delta) => delta.edges.some((edge) => edge.notes !== undefined));
    await annotate(alice, {
      target: EDGE,
      note: 'Checked against the registry',
      flag: 'blue',
      author: 'alice',
    });
    const received = await seen;
    expect(received.edges[0]).toMatchObject({
      notes: [{ text: 'Checked against the registry', author: 'alice' }],
      flag: { name: 'blue', author: 'alice' },
    });
    await bob.settle();
    const [fromAlice, fromBob] = [alice.exportJson(), bob.exportJson()];
    expect(fromBob).toEqual(fromAlice);
    expect(fromBob.edges[0]).toMatchObject({ flag: 'blue', notes: [{ author: 'alice' }] });
  });

  it('refuses an unknown id and logs nothing', async () => {
    const alice = await open('unknown id');
    const seq = alice.currentSeq();
    await expect(
      annotate(alice, { target: 'Organization:ghost', note: 'x', author: 'alice' }),
    ).rejects.toThrow(AnnotationRefusedError);
    expect(alice.currentSeq()).toBe(seq);
  });
});
