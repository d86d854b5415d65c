/**
 * Charset detection and decoding of raw WHOIS reply bytes: ISO-2022-JP when its escapes are
 * present, valid UTF-8 first, then the server's known charset (EUC-KR, GB18030, Shift_JIS, KOI8-R,
 * ISO-8859-x, ... through TextDecoder), else windows-1252 (which decodes every byte).
 */

/** `utf-8`, `iso-2022-jp`, `windows-1252`, or the server's hinted charset label. */
export type WhoisCharset = string;

export interface DecodedReply {
  text: string;
  charset: WhoisCharset;
}

const ESCAPE = 0x1b;

/**
 * windows-1252 code points of bytes 0x80-0x9F (the rest equals Latin-1). Decoded by hand: Node's
 * TextDecoder('windows-1252') gives Latin-1 control characters for these bytes.
 */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152,
  0x008d, 0x017d, 0x008f, 0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122,
  0x0161, 0x203a, 0x0153, 0x009d, 0x017e, 0x0178,
];

function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) {
    text += String.fromCharCode(
      byte >= 0x80 && byte < 0xa0 ? (WINDOWS_1252_HIGH[byte - 0x80] ?? byte) : byte,
    );
  }
  return text;
}

/**
 * ISO-2022-JP is 7-bit and announces itself with escape sequences (ESC $ @, ESC $ B, ESC ( B,
 * ESC ( J); a byte stream that has them is decoded as such whatever else it contains.
 */
function hasIso2022Escapes(bytes: Uint8Array): boolean {
  for (let index = 0; index + 2 < bytes.length; index += 1) {
    if (bytes[index] !== ESCAPE) {
      continue;
    }
    const next = bytes[index + 1];
    const last = bytes[index + 2];
    if (
      (next === 0x24 && (last === 0x40 || last === 0x42)) ||
      (next === 0x28 && (last === 0x42 || last === 0x4a))
    ) {
      return true;
    }
  }
  return false;
}

/** The bytes in a named charset, or undefined when the label is unknown or the bytes invalid. */
function decodeAs(bytes: Uint8Array, label: string): string | undefined {
  try {
    return new TextDecoder(label, { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Decodes a reply: ISO-2022-JP when its escape sequences are present, UTF-8 when the bytes are
 * valid UTF-8, then the server's known charset, otherwise windows-1252 (every byte decodes, so
 * this never fails). NUL bytes and a
 * leading byte-order mark are removed: they are never data and break text handling downstream.
 */
export function decodeReply(bytes: Uint8Array, serverCharset?: string): DecodedReply {
  let charset: WhoisCharset;
  let text: string;
  if (hasIso2022Escapes(bytes)) {
    charset = 'iso-2022-jp';
    text = new TextDecoder('iso-2022-jp').decode(bytes);
  } else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      charset = 'utf-8';
    } catch {
      const hinted = serverCharset === undefined ? undefined : decodeAs(bytes, serverCharset);
      if (hinted !== undefined) {
        text = hinted;
        charset = serverCharset ?? 'windows-1252';
      } else {
        text = decodeWindows1252(bytes);
        charset = 'windows-1252';
      }
    }
  }
  return { text: text.replace(/^\uFEFF/, '').replaceAll('\u0000', ''), charset };
}
