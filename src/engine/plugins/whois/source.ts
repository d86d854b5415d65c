/** The WHOIS plugin's source: its name on every edge and failure, its confidence (100). */
import type { SourceRef } from '../../../shared/model/graph';

export const WHOIS_SOURCE: SourceRef = { name: 'WHOIS', confidence: 100 };
