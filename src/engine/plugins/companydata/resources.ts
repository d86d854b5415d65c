/** What the company-data plugin's setup gives its handlers. */
import type { SourceHttp } from '../../core/plugin-api';

export interface CompanyDataResources {
  /** The one client, so one 1 request / 2 s limiter paces every call of all four handlers. */
  http: SourceHttp;
}
