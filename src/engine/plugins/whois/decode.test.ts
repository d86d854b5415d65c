import { describe, expect, it } from 'vitest';
import { decodeReply } from './decode';

describe('decodeReply', () => {
  it('decodes valid UTF-8 as UTF-8', () => {
    const decoded = decodeReply(Buffer.from('Registrant: 中国互联网络信息中心\n', 'utf8'));
    expect(decoded).toEqual({ text: 'Registrant: 中国互联网络信息中心\n', charset: 'utf-8' });
  });

  it('decodes bytes that are not valid UTF-8 as windows-1252', () => {
    // "Café – Reykjavík" in windows-1252: é = E9, en dash = 96, í = ED.
    const decoded = decodeReply(
      Buffer.from([
        0x43, 0x61, 0x66, 0xe9, 0x20, 0x96, 0x20, 0x52, 0x65, 0x79, 0x6b, 0x6a, 0x61, 0x76, 0xed, 0x6b,
      ]),
    );
    expect(decoded).toEqual({ text: 'Café – Reykjavík', charset: 'windows-1252' });
  });

  it('decodes ISO-2022-JP when its escape sequences are present', () => {
    // ESC $ B "日本" ESC ( B
    const bytes = Buffer.concat([
      Buffer.from('[Name] '),
      Buffer.from([0x1b, 0x24, 0x42, 0x46, 0x7c, 0x4b, 0x5c, 0x1b, 0x28, 0x42]),
      Buffer.from('\n'),
    ]);
    expect(decodeReply(bytes)).toEqual({ text: '[Name] 日本\n', charset: 'iso-2022-jp' });
  });

  it('removes NUL bytes and a leading byte-order mark', () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('Domain: a\u0000b.test\u0000\n'),
    ]);
    expect(decodeReply(bytes).text).toBe('Domain: ab.test\n');
  });

  it('decodes an empty reply to empty text', () => {
    expect(decodeReply(new Uint8Array()).text).toBe('');
  });

  it('decodes bytes that are not UTF-8 in the charset the server is known to use', () => {
    // "Домен" in KOI8-R, and "한국" in EUC-KR: neither is valid UTF-8.
    const koi8 = decodeReply(Uint8Array.from([0xe4, 0xcf, 0xcd, 0xc5, 0xce]), 'koi8-r');
    expect(koi8).toEqual({ text: 'Домен', charset: 'koi8-r' });
    expect(decodeReply(Uint8Array.from([0xc7, 0xd1, 0xb1, 0xb9]), 'euc-kr').text).toBe('한국');
  });

  it('prefers valid UTF-8 over the server charset, and falls back to windows-1252 when the hint does not fit', () => {
    expect(decodeReply(Buffer.from('Société', 'utf8'), 'koi8-r')).toEqual({
      text: 'Société',
      charset: 'utf-8',
    });
    // 0x81 alone is no Shift_JIS character: the hint fails, windows-1252 decodes every byte.
    expect(decodeReply(Uint8Array.from([0x41, 0x81]), 'shift_jis').charset).toBe('windows-1252');
  });
});
