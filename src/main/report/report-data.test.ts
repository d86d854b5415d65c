import { describe, expect, it } from 'vitest';
import type { Edge, Entity } from '../../shared/model/graph';
import { collectReport, type ReportSource } from './report-data';

const organization = {
  id: 'Organization:acme',
  type: 'Organization',
  asset: { unique_id: 'acme', name: 'Acme' },
  tags: [],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  notes: [{ text: 'Check the parent', author: 'alice', createdAt: '2026-11-02T10:00:00.000Z' }],
  flag: { name: 'red', author: 'alice', createdAt: '2026-11-02T09:00:00.000Z' },
} as unknown as Entity;

const domain = {
  id: 'FQDN:acme.example',
  type: 'FQDN',
  asset: { name: 'acme.example' },
  tags: [],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
} as unknown as Entity;

const edge = {
  id: 'Organization:acme|owns|FQDN:acme.example',
  from: organization.id,
  to: domain.id,
  relation: 'owns',
  sources: [],
  properties: {},
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  notes: [{ text: 'Registrant moved', author: 'bob', createdAt: '2026-11-01T12:00:00.000Z' }],
} as unknown as Edge;

function sourceOf(entities: Entity[], edges: Edge[]): ReportSource {
  return {
    snapshot: () => ({ entities, edges }) as ReturnType<ReportSource['snapshot']>,
    listSessions: () => [],
    loadPositions: () => ({}),
    rawRecords: () => [],
    getMeta: () => undefined,
  };
}

describe('the evidence report', () => {
  it("reads the investigator's notes and flags from the case's entities and edges, oldest note first", () => {
    const report = collectReport(sourceOf([organization, domain], [edge]), { location: 'case.sqlite' });
    expect(report.notes).toEqual({
      notes: [
        { entity: edge.id, text: 'Registrant moved', author: 'bob', at: '2026-11-01T12:00:00.000Z' },
        {
          entity: organization.id,
          text: 'Check the parent',
          author: 'alice',
          at: '2026-11-02T10:00:00.000Z',
        },
      ],
      flags: [{ entity: organization.id, flag: 'red', at: '2026-11-02T09:00:00.000Z' }],
    });
  });

  it('keeps only the notes of the selected entities in a report on a selection', () => {
    const report = collectReport(sourceOf([organization, domain], [edge]), {
      location: 'case.sqlite',
      only: [domain.id],
    });
    expect(report.notes).toEqual({ notes: [], flags: [] });
  });
});
