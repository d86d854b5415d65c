/** Charset detection and decoding of raw WHOIS reply bytes (UTF-8, ISO-2022-JP, windows-1252). */

export type WhoisCharset = 'utf-8' | 'iso-2022-jp' | 'windows-1252';

export interface DecodedReply {
  text: string;
  charset: WhoisCharset;
}

const ESCAPE = 0x1b;

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

/**
 * Decodes a reply: ISO-2022-JP when its escape sequences are present, UTF-8 when the bytes are
 * valid UTF-8, otherwise windows-1252 (every byte decodes, so this never fails). NUL bytes and a
 * leading byte-order mark are removed: they are never data and break text handling downstream.
 */
export function decodeReply(bytes: Uint8Array): DecodedReply {
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
      text = new TextDecoder('windows-1252').decode(bytes);
      charset = 'windows-1252';
    }
  }
  return { text: text.replace(/^\uFEFF/, '').replaceAll('\u0000', ''), charset };
}
