import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annotate, AnnotationRefusedError } from './annotate';
import { openCaseGraph } from './graph/case-file';
import type { Findings } from './graph/findings';

const gleif = { name: 'GLEIF', confidence: 100 };
const EDGE = 'Organization:parent|subsidiary|Organization:child';
let dir: string;

function family(): Findings {
  return {
    entities: ['parent', 'child'].map((id) => ({ type: 'Organization', asset: { unique_id: id, name: id } })),
    edges: [{ from: 'Organization:parent', relation: 'subsidiary', to: 'Organization:child' }],
    dispatch: [],
  };
}

function openFamily(file: string) {
  const graph = openCaseGraph(file);
  graph.applyNow(family(), { source: gleif });
  return graph;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'annotate-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('notes and flags in a case file', () => {
  it('keeps a note and a flag on an entity and on an edge across reopening, with author and time', async () => {
    const file = path.join(dir, 'reopen.sqlite');
    const graph = openFamily(file);
    await annotate(graph, {
      target: 'Organization:child',
      note: 'Shell company?',
      flag: 'red',
      author: 'ana',
    });
    await annotate(graph, {
      target: EDGE,
      note: 'Ownership 51% per annual report',
      flag: 'star',
      author: 'ben',
    });
    await graph.close();

    const reopened = openCaseGraph(file);
    expect(reopened.findEntity('Organization:child')).toMatchObject({
      notes: [{ text: 'Shell company?', author: 'ana', createdAt: expect.stringMatching(/^\d{4}-/) }],
      flag: { name: 'red', author: 'ana' },
    });
    const edge = reopened.snapshot().edges.find((item) => item.id === EDGE);
    expect(edge).toMatchObject({
      notes: [{ text: 'Ownership 51% per annual report' }],
      flag: { name: 'star' },
    });
    await reopened.close();
  });

  it('writes notes and flag into the JSON export', async () => {
    const graph = openFamily(':memory:');
    await annotate(graph, { target: 'Organization:parent', note: 'Seed of the review', author: 'ana' });
    await annotate(graph, { target: EDGE, flag: 'green', author: 'ben' });
    const exported = graph.exportJson();
    expect(exported.entities.find((entity) => entity.id === 'Organization:parent')).toMatchObject({
      notes: [{ text: 'Seed of the review', author: 'ana', createdAt: expect.any(String) }],
    });
    expect(exported.edges[0]).toMatchObject({ flag: 'green', flaggedBy: 'ben' });
    expect(exported.entities.find((entity) => entity.id === 'Organization:child')).not.toHaveProperty(
      'notes',
    );
    await graph.close();
  });

  it('sends the annotated element whole in the delta and in changesSince', async () => {
    const graph = openFamily(':memory:');
    const before = graph.currentSeq();
    const { delta } = await annotate(graph, { target: 'Organization:child', flag: 'purple', author: 'ana' });
    expect(delta.seq).toBe(before + 1);
    expect(delta.entities).toEqual([
      expect.objectContaining({
        id: 'Organization:child',
        flag: expect.objectContaining({ name: 'purple' }),
      }),
    ]);
    expect(graph.changesSince(before).entities.map((entity) => entity.flag?.name)).toEqual(['purple']);
    await graph.close();
  });

  it('clears the flag with "none" and keeps every note, oldest first', async () => {
    const graph = openFamily(':memory:');
    await annotate(graph, { target: 'Organization:child', note: 'first', flag: 'yellow', author: 'ana' });
    await annotate(graph, { target: 'Organization:child', note: 'second', flag: 'none', author: 'ana' });
    const child = graph.findEntity('Organization:child');
    expect(child?.notes?.map((note) => note.text)).toEqual(['first', 'second']);
    expect(child).not.toHaveProperty('flag');
    await graph.close();
  });

  it('takes a note and a flag back with their session', async () => {
    const graph = openFamily(':memory:');
    await annotate(graph, { target: EDGE, flag: 'orange', author: 'ana' });
    const { session } = await annotate(graph, { target: EDGE, note: 'to undo', flag: 'blue', author: 'ana' });
    graph.undoSessionNow(session);
    const edge = graph.snapshot().edges[0];
    expect(edge?.notes).toBeUndefined();
    expect(edge?.flag?.name).toBe('orange');
    await graph.close();
  });

  it('refuses an id that is neither an entity nor an edge and stores nothing', async () => {
    const graph = openFamily(':memory:');
    const seq = graph.currentSeq();
    await expect(
      annotate(graph, { target: 'Organization:nobody', note: 'x', author: 'ana' }),
    ).rejects.toThrow(AnnotationRefusedError);
    expect(graph.currentSeq()).toBe(seq);
    expect(graph.listSessions()).toEqual([]);
    await graph.close();
  });

  it('refuses an unknown flag and an empty note', async () => {
    const graph = openFamily(':memory:');
    await expect(annotate(graph, { target: EDGE, flag: 'pink', author: 'ana' })).rejects.toThrow(
      /unknown flag "pink"/,
    );
    await expect(annotate(graph, { target: EDGE, note: '   ', author: 'ana' })).rejects.toThrow(/empty/);
    await graph.close();
  });
});
