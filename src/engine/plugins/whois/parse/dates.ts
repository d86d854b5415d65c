/**
 * Registry date formats to RFC 3339 UTC. Dates are validated (2024-02-31 is no date, never
 * 2024-03-02), times are kept, zones are honoured (offsets and the named zones of ZONE_OFFSETS);
 * a date with no zone is read as UTC. Numeric day/month order comes from the caller (a label hint,
 * a server hint, or the reply itself), else day first, as most of the world writes it.
 */
import { clean } from './values';

/** `dmy`: 03-04-2020 is 3 April; `mdy`: 4 March. */
export type DateOrder = 'dmy' | 'mdy';

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

/** Named zones met in registry replies, in minutes east of UTC. Ambiguous names (CST, IST) are left out. */
export const ZONE_OFFSETS: Record<string, number> = {
  z: 0,
  ut: 0,
  utc: 0,
  gmt: 0,
  wet: 0,
  west: 60,
  bst: 60,
  cet: 60,
  met: 60,
  wat: 60,
  cest: 120,
  mest: 120,
  eet: 120,
  cat: 120,
  sast: 120,
  eest: 180,
  msk: 180,
  eat: 180,
  trt: 180,
  ast: 180,
  msd: 240,
  gst: 240,
  pkt: 300,
  npt: 345,
  ict: 420,
  wib: 420,
  hkt: 480,
  sgt: 480,
  myt: 480,
  pht: 480,
  awst: 480,
  wita: 480,
  jst: 540,
  kst: 540,
  wit: 540,
  acst: 570,
  aest: 600,
  aedt: 660,
  nzst: 720,
  nzdt: 780,
  brt: -180,
  art: -180,
  clt: -240,
  edt: -240,
  est: -300,
  cdt: -300,
  mdt: -360,
  mst: -420,
  pdt: -420,
  pst: -480,
  akdt: -480,
  akst: -540,
  hst: -600,
};

function monthOf(name: string): number | undefined {
  return MONTHS[name.slice(0, 3).toLowerCase()];
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in a month (1-12) of the proleptic Gregorian calendar, as `Date` counts them. */
function daysIn(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function fullYear(year: number): number {
  if (year >= 100) {
    return year;
  }
  return year < 70 ? 2000 + year : 1900 + year;
}

/**
 * Minutes east of UTC for a zone text; 0 when absent or when the word is no zone we know (a
 * word after a date is as often "by" or "Assigned" as a zone: the wall-clock time is kept).
 */
function offsetOf(zone: string | undefined): number {
  if (zone === undefined || zone === '') {
    return 0;
  }
  const text = zone.replace(/[()]/g, '').trim().toLowerCase();
  const numeric = /^(?:utc|gmt)?([+-])(\d{1,2}):?(\d{2})?$/.exec(text);
  if (numeric) {
    const minutes = Number(numeric[2]) * 60 + Number(numeric[3] ?? 0);
    return numeric[1] === '-' ? -minutes : minutes;
  }
  return ZONE_OFFSETS[text] ?? 0;
}

interface Parts {
  year: number;
  month: number;
  day: number;
  hour?: string | undefined;
  minute?: string | undefined;
  second?: string | undefined;
  zone?: string | undefined;
}

function isoOf(parts: Parts): string | undefined {
  const { month, day } = parts;
  const year = fullYear(parts.year);
  const hour = Number(parts.hour ?? 0);
  const minute = Number(parts.minute ?? 0);
  const second = Number(parts.second ?? 0);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) {
    return undefined;
  }
  if (hour > 24 || minute > 59 || second > 60 || (hour === 24 && minute + second > 0)) {
    return undefined;
  }
  const offset = offsetOf(parts.zone);
  const seconds = Math.min(second, 59);
  if (offset === 0 && hour < 24 && year >= 1000 && year <= 9999) {
    // Already UTC and in range: written out directly, no Date round trip (the common case).
    return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(seconds)}Z`;
  }
  const time = Date.UTC(year, month - 1, day, hour, minute, seconds) - offset * 60_000;
  // `toISOString` always ends in `.sssZ`: the milliseconds are cut without a pattern.
  return `${new Date(time).toISOString().slice(0, -5)}Z`;
}

/** Time and zone after a date: ` 06:48:27 UTC`, `T09:02:00.0Z`, ` 12:48 EAT`, `+03:00`. */
const TIME = String.raw`(?:[T\s]+(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)?`;
const ZONE = String.raw`\s*\(?(Z|[A-Za-z]{1,5}(?:[+-]\d{1,2}(?::?\d{2})?)?|[+-]\d{2}(?::?\d{2})?)?\)?`;
const END = String.raw`(?=$|[\s,;(])`;

const ISO = new RegExp(String.raw`^(\d{4})[-/.]\s?(\d{1,2})[-/.]\s?(\d{1,2})\.?${TIME}${ZONE}${END}`, 'i');
const NUMERIC_DAY_FIRST = new RegExp(
  String.raw`^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})${TIME}${ZONE}${END}`,
  'i',
);
const NAMED_MONTH_DAY_FIRST = new RegExp(
  String.raw`^(?:[a-z]{3,9},?\s+)?(\d{1,2})(?:st|nd|rd|th)?[-\s.]+([a-z]{3,9})\.?,?[-\s.]+(\d{4})${TIME}${ZONE}${END}`,
  'i',
);
const NAMED_MONTH_FIRST = new RegExp(
  String.raw`^(?:[a-z]{3,9},?\s+)?([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})${TIME}${ZONE}${END}`,
  'i',
);
/** `2001-Aug-23.` */
const YEAR_NAMED_MONTH = new RegExp(String.raw`^(\d{4})-([a-z]{3,9})-(\d{1,2})\.?${TIME}${ZONE}${END}`, 'i');
/** `Tue Feb 10 09:42:42 2004`, `Wed Jan 22 22:07:33 GMT 2014` (C library ctime). */
const CTIME =
  /^(?:[a-z]{3},?\s+)?([a-z]{3})\s+(\d{1,2})\s+(\d{1,2}):(\d{2}):(\d{2})\s+(?:([a-z]{1,5})\s+)?(\d{4})(?=$|\s)/i;
const COMPACT = /^(\d{4})(\d{2})(\d{2})(?:\s*(\d{2})(\d{2})(\d{2}))?(?=$|\s)/;

/**
 * Where each part of a date sits in a shape's match (capture group numbers). `named`: the month
 * is a name (`Aug`, `August`, `août`) rather than a number.
 */
interface DateShape {
  pattern: RegExp;
  year: number;
  month: number;
  day: number;
  /** Hour, minute, second. */
  time: [number, number, number];
  zone?: number;
  named?: boolean;
}

const ISO_SHAPE: DateShape = { pattern: ISO, year: 1, month: 2, day: 3, time: [4, 5, 6], zone: 7 };
/** Tried in order after the ISO and numeric day/month shapes. */
const LATER_SHAPES: DateShape[] = [
  { pattern: NAMED_MONTH_DAY_FIRST, day: 1, month: 2, year: 3, time: [4, 5, 6], zone: 7, named: true },
  { pattern: YEAR_NAMED_MONTH, year: 1, month: 2, day: 3, time: [4, 5, 6], zone: 7, named: true },
  { pattern: CTIME, month: 1, day: 2, time: [3, 4, 5], zone: 6, year: 7, named: true },
  { pattern: NAMED_MONTH_FIRST, month: 1, day: 2, year: 3, time: [4, 5, 6], zone: 7, named: true },
  { pattern: COMPACT, year: 1, month: 2, day: 3, time: [4, 5, 6] },
];

/** The value of the decimal digits `text[from, to)`, or -1 when one is no digit. */
function digitsAt(text: string, from: number, to: number): number {
  let value = 0;
  for (let index = from; index < to; index += 1) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) {
      return -1;
    }
    value = value * 10 + digit;
  }
  return value;
}

/**
 * The commonest shapes, read without a regular expression: `2024-08-14T07:01:31Z` (ICANN
 * replies), `2024-08-14`, `2024-08-14 07:01:31` and a fraction of a second
 * (`2024-08-14T07:01:31.0Z`, `...31.123Z`), all UTC as the ISO shape reads them. Undefined for
 * anything else or an impossible date, which the general shapes below then read (or reject).
 */
function utcStampOf(text: string): string | undefined {
  const length = text.length;
  const dateOnly = length === 10;
  const separator = text[10];
  if (!dateOnly && (length < 19 || (separator !== 'T' && separator !== ' '))) {
    return undefined;
  }
  if (text[4] !== '-' || text[7] !== '-') {
    return undefined;
  }
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 7);
  const day = digitsAt(text, 8, 10);
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) {
    return undefined;
  }
  if (dateOnly) {
    return `${text}T00:00:00Z`;
  }
  if (text[13] !== ':' || text[16] !== ':' || !isUtcTail(text, 19)) {
    return undefined;
  }
  const hour = digitsAt(text, 11, 13);
  const minute = digitsAt(text, 14, 16);
  const second = digitsAt(text, 17, 19);
  if (!(hour >= 0 && hour < 24 && minute >= 0 && minute < 60 && second >= 0 && second < 60)) {
    return undefined;
  }
  return length === 20 && separator === 'T' ? text : `${text.slice(0, 10)}T${text.slice(11, 19)}Z`;
}

/** What may follow the seconds of a UTC stamp: nothing, `Z`, a fraction, a fraction and `Z`. */
function isUtcTail(text: string, from: number): boolean {
  let at = from;
  if (text[at] === '.') {
    at += 1;
    const digitsFrom = at;
    while (at < text.length && text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57) {
      at += 1;
    }
    if (at === digitsFrom) {
      return false;
    }
  }
  return at === text.length || (at === text.length - 1 && text[at] === 'Z');
}

/** The shape did not match at all (as opposed to matching an impossible date: undefined). */
const NO_MATCH = Symbol('no match');

function readShape(shape: DateShape, text: string): string | undefined | typeof NO_MATCH {
  const match = shape.pattern.exec(text);
  if (!match) {
    return NO_MATCH;
  }
  const monthText = match[shape.month] ?? '';
  const month = shape.named === true ? monthOf(monthText) : Number(monthText);
  if (month === undefined) {
    return undefined;
  }
  const [hour, minute, second] = shape.time;
  return isoOf({
    year: Number(match[shape.year]),
    month,
    day: Number(match[shape.day]),
    hour: match[hour],
    minute: match[minute],
    second: match[second],
    zone: shape.zone === undefined ? undefined : match[shape.zone],
  });
}

/**
 * Normalises one date text to RFC 3339 UTC (`YYYY-MM-DDTHH:MM:SSZ`), or undefined when it is no
 * valid date in a known format.
 */
export function normaliseWhoisDate(raw: string, order: DateOrder = 'dmy'): string | undefined {
  const text = raw.trim();
  const stamp = utcStampOf(text);
  if (stamp !== undefined) {
    return stamp;
  }
  const iso = readShape(ISO_SHAPE, text);
  if (iso !== NO_MATCH) {
    return iso;
  }
  const match = NUMERIC_DAY_FIRST.exec(text);
  if (match) {
    const first = Number(match[1]);
    const second = Number(match[2]);
    // A value above 12 settles the order whatever the hint says.
    const monthFirst = first > 12 ? false : second > 12 ? true : order === 'mdy';
    return isoOf({
      year: Number(match[3]),
      month: monthFirst ? first : second,
      day: monthFirst ? second : first,
      hour: match[4],
      minute: match[5],
      second: match[6],
      zone: match[7],
    });
  }
  for (const shape of LATER_SHAPES) {
    const read = readShape(shape, text);
    if (read !== NO_MATCH) {
      return read;
    }
  }
  return undefined;
}

/** The order a label hint states (`(dd/mm/yyyy)`, `(mm/dd/yyyy)`), if any. */
export function orderOfHint(hint: string | undefined): DateOrder | undefined {
  if (hint === undefined) {
    return undefined;
  }
  const text = hint.toLowerCase();
  if (/^d{1,2}[-/.]m{1,2}/.test(text)) {
    return 'dmy';
  }
  if (/^m{1,2}[-/.]d{1,2}/.test(text)) {
    return 'mdy';
  }
  return undefined;
}

/**
 * The order the reply itself settles: a numeric date whose first number is above 12 is day
 * first; one whose second is above 12 is month first. Undefined when the reply does not say.
 */
export function orderInReply(values: Iterable<string>): DateOrder | undefined {
  for (const value of values) {
    const match = /^\s*(\d{1,2})[-/.](\d{1,2})[-/.]\d{2,4}\b/.exec(value);
    if (match) {
      if (Number(match[1]) > 12) {
        return 'dmy';
      }
      if (Number(match[2]) > 12) {
        return 'mdy';
      }
    }
  }
  return undefined;
}

/** A date field's value: normalised when understood, else the cleaned raw text, else undefined. */
export function dateValue(raw: string, order: DateOrder = 'dmy'): string | undefined {
  const value = clean(raw);
  return value === undefined ? undefined : (normaliseWhoisDate(value, order) ?? value);
}
