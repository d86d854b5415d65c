/** The shared recorded RDAP domain replies, with the request URL the manifest gives for each. */
import { readFileSync } from 'node:fs';
import { fixturePath } from './fixtures-dir';

export interface RecordedDomainReply {
  /** Path under the fixtures directory, e.g. `rdap/responses/domain/rdap.nic.cz_nic.cz.json`. */
  file: string;
  /** The domain asked for. */
  query: string;
  /** The URL the reply was recorded from. */
  request: string;
  body: unknown;
}

export function recordedDomainReplies(): RecordedDomainReply[] {
  const manifest = JSON.parse(readFileSync(fixturePath('manifest.json'), 'utf8')) as {
    file: string;
    query?: string;
    request?: string;
  }[];
  return manifest
    .filter((entry) => entry.file.startsWith('rdap/responses/domain/'))
    .map((entry) => ({
      file: entry.file,
      query: entry.query ?? '',
      request: entry.request ?? '',
      body: JSON.parse(readFileSync(fixturePath(entry.file), 'utf8')) as unknown,
    }));
}
