import { describe, expect, it } from 'vitest';
import type { Entity } from '../shared/model/graph';
import type { HandlerFailure } from '../shared/model/session';
import { resolveConfig } from './config/config';
import { defineHandler, definePlugin } from './core/plugin-api';
import { createHandlerRegistry, pipelineOfOne } from './core/registry';
import { FindingsBuilder } from './graph/findings';
import { handlerStatesOf } from './handler-states';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 24, 12);
const iso = (ms: number): string => new Date(ms).toISOString();
const nothing = () => Promise.resolve(new FindingsBuilder().build());

const registry = createHandlerRegistry([
  definePlugin({
    name: 'registry',
    source: { name: 'Registry', confidence: 100 },
    setup: () => undefined,
    handlers: [
      defineHandler({
        name: 'registry/search',
        eventType: 'Organization',
        priority: 5,
        transforms: ['Identifier'],
        query: nothing,
      }),
      defineHandler<'Identifier', unknown>({
        name: 'registry/lei-only',
        eventType: 'Identifier',
        priority: 5,
        transforms: ['Organization'],
        accepts: (asset) => asset.id_type === 'lei',
        query: nothing,
      }),
      defineHandler({
        name: 'registry/domain',
        eventType: 'DomainRecord',
        priority: 5,
        transforms: ['ContactRecord'],
        fallback: 'whois/domain',
        query: nothing,
      }),
    ],
  }),
  definePlugin({
    name: 'whois',
    source: { name: 'WHOIS', confidence: 100 },
    setup: () => undefined,
    handlers: [
      defineHandler({
        name: 'whois/domain',
        eventType: 'DomainRecord',
        priority: 5,
        transforms: ['ContactRecord'],
        query: nothing,
      }),
    ],
  }),
]);

const config = resolveConfig({ ttl: { default: '24h', rules: [{ plugin: 'registry', ttl: '2h' }] } });

function organization(lastRun?: number): Entity {
  return {
    id: 'Organization:acme',
    type: 'Organization',
    asset: { unique_id: 'acme', name: 'Acme' },
    createdAt: iso(0),
    updatedAt: iso(0),
    tags:
      lastRun === undefined
        ? []
        : [
            {
              name: 'last_monitored',
              value: 'Registry',
              handler: 'registry/search',
              createdAt: iso(lastRun),
              updatedAt: iso(lastRun),
            },
          ],
  };
}

function failureAt(at: number): HandlerFailure {
  return {
    at: iso(at),
    entityId: 'Organization:acme',
    assetType: 'Organization',
    handler: 'registry/search',
    source: 'Registry',
    code: 'timeout',
    message: 'Registry: no answer within 15 s',
  };
}

const stateOf = (entity: Entity, failures: HandlerFailure[] = []) =>
  handlerStatesOf({ registry, config, entity, failures, hasKey: () => true, now: NOW })[0];

describe('handler states', () => {
  it('calls an answer within the handler TTL cached, until last run + TTL', () => {
    expect(stateOf(organization(NOW - HOUR))).toMatchObject({
      state: 'cached',
      lastRunAt: iso(NOW - HOUR),
      cachedUntil: iso(NOW + HOUR),
      label: 'Registry: search',
    });
  });

  it('calls an answer older than the TTL stale', () => {
    expect(stateOf(organization(NOW - 3 * HOUR))?.state).toBe('stale');
  });

  it('calls a handler never run on the entity never', () => {
    expect(stateOf(organization())).toMatchObject({ state: 'never' });
  });

  it('shows a failure after the last answer, but not one the answer came after', () => {
    expect(stateOf(organization(NOW - 3 * HOUR), [failureAt(NOW - HOUR)])).toMatchObject({
      state: 'failed',
      failure: 'Registry: no answer within 15 s',
    });
    expect(stateOf(organization(NOW - HOUR), [failureAt(NOW - 3 * HOUR)])?.state).toBe('cached');
  });

  it('lists only handlers whose accepts takes the entity', () => {
    const email: Entity = {
      id: 'Identifier:email:a@b.example',
      type: 'Identifier',
      asset: { unique_id: 'email:a@b.example', id: 'a@b.example', id_type: 'email' },
      tags: [],
      createdAt: iso(0),
      updatedAt: iso(0),
    };
    expect(
      handlerStatesOf({ registry, config, entity: email, failures: [], hasKey: () => true, now: NOW }),
    ).toEqual([]);
  });

  it('lists both members of an alternative chain, the fallback naming what it stands in for', () => {
    const record: Entity = {
      id: 'DomainRecord:acme.example',
      type: 'DomainRecord',
      asset: { domain: 'acme.example' },
      tags: [],
      createdAt: iso(0),
      updatedAt: iso(0),
    };
    const states = handlerStatesOf({
      registry,
      config,
      entity: record,
      failures: [],
      hasKey: () => true,
      now: NOW,
    });
    expect(states.map((state) => [state.handler, state.fallbackFor])).toEqual([
      ['registry/domain', undefined],
      ['whois/domain', 'registry/domain'],
    ]);
  });
});

describe('a pipeline reduced to one handler', () => {
  it('holds the chosen fallback member alone, without the chain it belongs to', () => {
    const stages = pipelineOfOne(registry.pipeline('DomainRecord'), 'whois/domain');
    expect(stages).toHaveLength(1);
    expect(stages[0]?.handlers.map((registered) => registered.handler.name)).toEqual(['whois/domain']);
    expect(stages[0]?.handlers[0]?.alternatives).toBeUndefined();
  });

  it('is empty when the pipeline does not hold the handler', () => {
    expect(pipelineOfOne(registry.pipeline('Organization'), 'whois/domain')).toEqual([]);
  });
});
