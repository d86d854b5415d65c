/** The RDAP plugin's source attribution (name and confidence on every edge it writes). */
import type { SourceRef } from '../../../shared/model/graph';

export const RDAP_SOURCE: SourceRef = { name: 'RDAP', confidence: 100 };
