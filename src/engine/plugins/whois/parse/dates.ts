/** Registry date formats to RFC 3339 UTC. */
import { clean } from './values';

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

function monthOf(name: string): number | undefined {
  return MONTHS[name.slice(0, 3).toLowerCase()];
}

function isoOf(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
  offsetMinutes = 0,
): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) {
    return undefined;
  }
  const time = Date.UTC(year, month - 1, day, hour, minute, second) - offsetMinutes * 60_000;
  if (Number.isNaN(time)) {
    return undefined;
  }
  return new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function offsetOf(zone: string | undefined): number {
  if (zone === undefined || zone === '' || /^(z|utc|gmt)$/i.test(zone)) {
    return 0;
  }
  if (/^jst$/i.test(zone)) {
    return 9 * 60;
  }
  const match = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (!match) {
    return 0;
  }
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * Normalises the date formats of the registries to RFC 3339 UTC. Dates without a zone are taken
 * as UTC (JPRS's "(JST)" is honoured). Returns undefined when the text is not a known format.
 */
export function normaliseWhoisDate(raw: string): string | undefined {
  const text = raw.trim();
  let match =
    /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|UTC|GMT|[+-]\d{2}:?\d{2})?/i.exec(
      text,
    );
  if (match) {
    return isoOf(
      Number(match[1]),
      Number(match[2]),
      Number(match[3]),
      Number(match[4] ?? 0),
      Number(match[5] ?? 0),
      Number(match[6] ?? 0),
      offsetOf(match[7]),
    );
  }
  match = /^(\d{4})\/(\d{2})\/(\d{2})(?:\s+(\d{2}):(\d{2})(?::(\d{2}))?)?(?:\s*\((\w+)\))?/.exec(text);
  if (match) {
    return isoOf(
      Number(match[1]),
      Number(match[2]),
      Number(match[3]),
      Number(match[4] ?? 0),
      Number(match[5] ?? 0),
      Number(match[6] ?? 0),
      offsetOf(match[7]),
    );
  }
  match = /^(\d{4})\.\s?(\d{1,2})\.\s?(\d{1,2})\.?(?:\s+(\d{2}):(\d{2}):(\d{2}))?/.exec(text);
  if (match) {
    return isoOf(Number(match[1]), Number(match[2]), Number(match[3]));
  }
  match = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(text);
  if (match) {
    return isoOf(Number(match[3]), Number(match[2]), Number(match[1]));
  }
  match = /^(\d{1,2})[- ]([a-z]{3,9})[- ](\d{4})/i.exec(text);
  if (match) {
    const month = monthOf(match[2] ?? '');
    return month === undefined ? undefined : isoOf(Number(match[3]), month, Number(match[1]));
  }
  match = /^(\d{4})(\d{2})(\d{2})(?:\s|$)/.exec(text);
  if (match) {
    return isoOf(Number(match[1]), Number(match[2]), Number(match[3]));
  }
  match = /^(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s+)?([a-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})/i.exec(
    text,
  );
  if (match) {
    const month = monthOf(match[1] ?? '');
    return month === undefined ? undefined : isoOf(Number(match[3]), month, Number(match[2]));
  }
  return undefined;
}

export function dateValue(raw: string): string | undefined {
  const value = clean(raw);
  return value === undefined ? undefined : (normaliseWhoisDate(value) ?? value);
}
