/**
 * Renderer: a domain whose registrar's WHOIS did not answer says so in the details panel, with
 * the time of the next try (issue 27), and offers a Retry.
 */
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Entity } from '../../shared/model/graph';
import { installFakeHost, startedProgress } from '../dom-test/fake-host';
import { appStore } from '../store/app-store';
import { DetailsPanel } from './DetailsPanel';

const stamp = '2026-11-29T01:00:00.000Z';
const domain: Entity = {
  id: 'DomainRecord:acme-widgets.test',
  type: 'DomainRecord',
  asset: { domain: 'acme-widgets.test' },
  tags: [],
  createdAt: stamp,
  updatedAt: stamp,
};
const REGISTRAR_DOWN =
  "registrar's WHOIS unreachable, retried at 2026-11-29 01:10 UTC (whois.registrar.test: no answer within 300 ms)";

beforeEach(() => {
  installFakeHost({});
  appStore
    .getState()
    .setActiveCase({ id: 'case-1', name: 'Acme', createdAt: '', updatedAt: '', sizeBytes: 0 });
  appStore.getState().resetFromSnapshot({ seq: 1, entities: [domain], edges: [] }, {});
});

afterEach(() => {
  appStore.getState().clearGraph();
});

describe('a lookup part that failed', () => {
  it("shows on the domain's details that the registrar's WHOIS was unreachable and when it is retried", () => {
    appStore.getState().updateProgress({
      ...startedProgress('session-1'),
      state: 'done',
      failed: 1,
      failures: [
        {
          at: '2026-11-29T01:00:05.000Z',
          entityId: domain.id,
          assetType: 'DomainRecord',
          handler: 'whois/domain-record',
          source: 'WHOIS',
          code: 'timeout',
          message: REGISTRAR_DOWN,
        },
      ],
    });
    appStore.getState().selectEntity(domain.id);
    render(<DetailsPanel />);
    const alert = screen.getByTestId('lookup-failures');
    expect(alert.textContent).toContain(
      "WHOIS (whois/domain-record) failed: registrar's WHOIS unreachable, retried at 2026-11-29 01:10 UTC",
    );
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('says nothing of failures on a domain whose lookups all answered', () => {
    appStore.getState().updateProgress({ ...startedProgress('session-2'), state: 'done' });
    appStore.getState().selectEntity(domain.id);
    render(<DetailsPanel />);
    expect(screen.queryByTestId('lookup-failures')).toBeNull();
  });
});
