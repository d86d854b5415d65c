/** What the WHOIS plugin's setup gives its handler. */
import type { WhoisClient } from './client';

export interface WhoisResources {
  client: WhoisClient;
}
