/** The LEI registry plugin (source `GLEIF`, confidence 100): search and hierarchy handlers. */
import { definePlugin } from '../../core/plugin-api';
import { GLEIF_SOURCE, type GleifResources } from './client';
import { fuzzyCompletionsHandler } from './handlers/fuzzy-completions';
import { relatedOrgsHandler } from './handlers/related-orgs';

export const gleifPlugin = definePlugin<GleifResources>({
  name: 'gleif',
  source: GLEIF_SOURCE,
  setup: (environment) => {
    const { baseUrl, rateLimit, autoAccept } = environment.config.sources.gleif;
    // One client for both handlers: one limiter paces every registry call.
    const http = environment.createHttp({ source: GLEIF_SOURCE.name, baseUrl, rateLimit });
    return { http, baseUrl, autoAccept };
  },
  handlers: [fuzzyCompletionsHandler, relatedOrgsHandler],
  // An LEI names one legal entity: organizations that come to hold the same LEI are one.
  mergeRules: [
    {
      name: 'gleif/same-lei',
      entityType: 'Organization',
      relation: 'id',
      keyType: 'Identifier',
      keyFields: { id_type: 'lei' },
      // A match awaiting review, or rejected, says nothing about identity (docs/resolution.md).
      ignoreEdgesWith: { property: 'review', values: ['pending', 'rejected'] },
    },
  ],
});
