/**
 * The timeline's counts (src/shared/model/timeline.ts, docs/timeline.md) equal the case's own:
 * two real runs against the recorded GLEIF replies, then the strip's bars are compared with the
 * store's entity and edge counts and with the change records the store kept for each run.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGleifEngineHarness, type GleifEngineHarness } from '../../test/harness/gleif-engine';
import { fixturesDir, haveFixtures } from '../../test/support/fixtures-dir';
import { seedOf } from '../../test/support/seeds';
import { entitiesInRange, timelineBuckets } from '../shared/model/timeline';

describe.skipIf(!haveFixtures())('the timeline against the store', () => {
  let harness: GleifEngineHarness;
  beforeEach(async () => {
    harness = await createGleifEngineHarness({ fixturesDir: fixturesDir() });
    await harness.run([seedOf('Organization=Microsoft Corporation')], { depth: 0 });
    await harness.run([seedOf('Organization=Microsoft Corporation')], { depth: 1 });
  });
  afterEach(async () => {
    await harness.close();
  });

  it('counts per run what the store recorded each run adding, and every entity and edge once', () => {
    const graph = harness.openCase.graph;
    const snapshot = graph.snapshot();
    const sessions = graph.listSessions();
    const buckets = timelineBuckets(snapshot.entities, snapshot.edges, sessions, 'run');
    const changes = graph.listChanges().filter((change) => change.change === 'added');
    expect(buckets.map((bucket) => bucket.label)).toEqual(['Run 1', 'Run 2']);
    for (const bucket of buckets) {
      const added = changes.filter((change) => change.session === bucket.key);
      expect(bucket.firstSeen.entities).toBe(
        added.filter((change) => change.entity !== undefined && change.edge === undefined).length,
      );
      expect(bucket.firstSeen.edges).toBe(added.filter((change) => change.edge !== undefined).length);
    }
    const stats = graph.stats();
    const sum = (pick: (bucket: (typeof buckets)[number]) => number): number =>
      buckets.reduce((total, bucket) => total + pick(bucket), 0);
    expect(sum((bucket) => bucket.firstSeen.entities)).toBe(stats.entities);
    expect(sum((bucket) => bucket.firstSeen.edges)).toBe(stats.edges);
    expect(sum((bucket) => bucket.lastConfirmed.entities)).toBe(stats.entities);
    expect(buckets[1]?.firstSeen.entities).toBeGreaterThan(10);
  });

  it('counts per day every entity and edge once', () => {
    const graph = harness.openCase.graph;
    const snapshot = graph.snapshot();
    const buckets = timelineBuckets(snapshot.entities, snapshot.edges, graph.listSessions(), 'day');
    expect(buckets.reduce((total, bucket) => total + bucket.firstSeen.entities, 0)).toBe(
      graph.stats().entities,
    );
    expect(buckets.reduce((total, bucket) => total + bucket.firstSeen.edges, 0)).toBe(graph.stats().edges);
  });

  it('keeps for "new in the last run" exactly the entities the store recorded the last run adding', () => {
    const graph = harness.openCase.graph;
    const sessions = graph.listSessions();
    const last = sessions.at(-1)?.id;
    const added = graph
      .listChanges()
      .filter((change) => change.change === 'added' && change.session === last && change.edge === undefined)
      .map((change) => change.entity);
    const kept = entitiesInRange(graph.snapshot().entities, { kind: 'last-run' }, sessions);
    expect([...kept].sort()).toEqual(added.sort());
    expect(kept.size).toBeGreaterThan(10);
  });
});
