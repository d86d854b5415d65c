/** What the LEI registry plugin's setup gives its handlers. */
import type { SourceHttp } from '../../core/plugin-api';

export interface GleifResources {
  /** The one client, so one 1 request / 3 s limiter serves every registry call of every handler. */
  http: SourceHttp;
  /** The registry's base URL (pagination links must stay on its origin). */
  baseUrl: string;
}
