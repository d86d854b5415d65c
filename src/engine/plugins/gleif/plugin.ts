/** The LEI registry plugin (source `GLEIF`, confidence 100): search and hierarchy handlers. */
import { definePlugin } from '../../core/plugin-api';
import { fuzzyCompletionsHandler } from './fuzzy-completions';
import { relatedOrgsHandler } from './related-orgs';
import { SOURCE_NAME } from './registry-client';
import type { GleifResources } from './resources';

export const gleifPlugin = definePlugin<GleifResources>({
  name: 'gleif',
  source: { name: SOURCE_NAME, confidence: 100 },
  setup: (environment) => {
    const { baseUrl, rateLimit } = environment.config.sources.gleif;
    // One client for both handlers: one limiter paces every registry call.
    return { http: environment.createHttp({ source: SOURCE_NAME, baseUrl, rateLimit }), baseUrl };
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
    },
  ],
});
