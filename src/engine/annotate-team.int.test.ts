import { describe, expect, it } from 'vitest';
import { havePostgres } from '../../test/support/postgres';
import { nextDelta, useTeamCaseServer } from '../../test/support/team-case-server';
import { annotate, AnnotationRefusedError } from './annotate';
import type { PostgresCaseGraph } from './graph/postgres/pg-case-store';

const EDGE = 'Organization:parent|subsidiary|Organization:child';

describe.skipIf(!havePostgres())('notes and flags in a team case', () => {
  const team = useTeamCaseServer();
  const open = (caseName: string): Promise<PostgresCaseGraph> => team.open(caseName);

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
    const seen = nextDelta(bob, (delta) => delta.edges.some((edge) => edge.notes !== undefined));
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
