import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RawRecord } from '../../shared/model/graph';
import { RawRecordList, readableText } from './RawRecords';

const gleif: RawRecord = {
  source: 'GLEIF',
  handler: 'gleif/fuzzy-completions',
  url: 'https://api.gleif.org/api/v1/lei-records?filter%5Bentity.legalName%5D=Acme',
  receivedAt: '2026-11-24T05:00:00.000Z',
  text: '{"data":[{"id":"ABCDEFGHIJKLMNOPQR30","attributes":{"entity":{"legalName":{"name":"<b>Acme</b>"}}}}]}',
};
const whois: RawRecord = {
  source: 'WHOIS',
  handler: 'whois/domain-record',
  url: 'whois://whois.example/acme.example',
  receivedAt: '2026-11-24T05:01:00.000Z',
  text: 'Registrant Organization: Acme Ltd',
};

describe('raw source records', () => {
  it('list each record with its source, handler and address', () => {
    const html = renderToStaticMarkup(<RawRecordList records={[gleif, whois]} />);
    expect(html.match(/data-testid="raw-record"/g)).toHaveLength(2);
    expect(html).toContain('<strong>GLEIF</strong>');
    expect(html).toContain('gleif/fuzzy-completions');
    expect(html).toContain('whois://whois.example/acme.example');
  });

  it('show markup in a reply as text', () => {
    const html = renderToStaticMarkup(<RawRecordList records={[gleif]} />);
    expect(html).toContain('&lt;b&gt;Acme&lt;/b&gt;');
    expect(html).not.toContain('<b>Acme');
  });

  it('indent JSON replies and leave other text as it came', () => {
    expect(readableText('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(readableText(whois.text)).toBe(whois.text);
  });
});
