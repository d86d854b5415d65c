/**
 * Evidence for LEI search candidates and the decision it supports (docs/resolution.md, "Deciding
 * from evidence"). Pure: what the case knows of the seed and what the registry said of each
 * candidate go in; evidence items in words, a rank and the auto-accept verdict come out. The
 * spec's score stays on the edge as it is; this decides whether a candidate applies at once.
 */
import { canonicalName, nameContains, sameName, type CanonicalName } from '../../../shared/names/canonical';
import { NO_LISTED_FORM, legalFormInfo, sameLegalForm } from '../../../shared/names/legal-forms';
import { normalizePostalCode } from '../../support/name-match';
import type { LeiRecord } from './wire';
import { recordPostalCodes } from './wire';

export type EvidenceEffect = 'supports' | 'contradicts' | 'notes';

export interface EvidenceItem {
  kind:
    | 'name'
    | 'name_more'
    | 'name_less'
    | 'legal_form'
    | 'postal_code'
    | 'country'
    | 'parent'
    | 'status'
    | 'numeral'
    | 'tie';
  effect: EvidenceEffect;
  /** What it shows, in words ("legal form AG = Aktiengesellschaft"). */
  text: string;
}

/** What the case knows of the Organization being resolved. */
export interface SeedFacts {
  /** The name the investigator typed (or a source found). */
  name: string;
  /** Its postal codes (Locations, contact records). */
  postalCodes: string[];
  /** Alpha-2 countries the case holds for it (its jurisdiction, its Locations, its registrants). */
  countries: string[];
}

export interface CandidateFacts {
  lei: string;
  /** The legal name the search returned. */
  name: string;
  /** The spec's score and match type (unchanged, shown beside the evidence). */
  score: number;
  matchType: 'exact' | 'partial';
  /** The record, when it was fetched. */
  record?: LeiRecord;
  /** How many other candidates of the reply this one is the registry parent of. */
  parentOf?: number;
}

export interface AssessedCandidate extends CandidateFacts {
  evidence: EvidenceItem[];
  /** Higher ranks first; equal strength and score is a tie. */
  strength: number;
  /** The name and legal form identify the entity (before contradictions are counted). */
  identifies: boolean;
}

const DEAD_REGISTRATIONS = new Set(['RETIRED', 'ANNULLED', 'DUPLICATE', 'MERGED']);

function item(kind: EvidenceItem['kind'], effect: EvidenceEffect, text: string): EvidenceItem {
  return { kind, effect, text };
}

/**
 * The legal form typed against the record's ELF code and the form in the registry's name: they
 * agree when the code is one the typed spelling names, or when the name's form is the same form
 * (most codes shared in the record's country: "Puma Canada Inc." under a province's "Business
 * corporation" code). They contradict when the code or, without one, the name says otherwise.
 */
function legalFormEvidence(seed: CanonicalName, candidate: CanonicalName, record?: LeiRecord) {
  const typed = seed.form;
  if (typed === undefined) {
    return undefined;
  }
  const code = record?.legalFormCode;
  const info = code === undefined || NO_LISTED_FORM.has(code) ? undefined : legalFormInfo(code);
  const inName = candidate.form;
  if (info !== undefined && typed.codes.includes(info.code)) {
    return item('legal_form', 'supports', `legal form ${typed.text} = ${info.name}`);
  }
  const country = record === undefined ? undefined : recordCountry(record);
  if (inName !== undefined && sameLegalForm(typed, inName, country)) {
    return item('legal_form', 'supports', `legal form ${typed.text} = ${inName.text}`);
  }
  if (info !== undefined) {
    return item('legal_form', 'contradicts', `legal form ${typed.text} typed, registry says ${info.name}`);
  }
  return inName === undefined
    ? undefined
    : item('legal_form', 'contradicts', `legal form ${typed.text} typed, name says ${inName.text}`);
}

function nameEvidence(seed: CanonicalName, candidate: CanonicalName): EvidenceItem | undefined {
  if (sameName(seed, candidate)) {
    return item('name', 'supports', 'same name');
  }
  if (nameContains(candidate, seed)) {
    return item('name_more', 'notes', `registry name says more: ${candidate.brand}`);
  }
  if (nameContains(seed, candidate)) {
    return item('name_less', 'notes', `typed name says more than ${candidate.brand}`);
  }
  return undefined;
}

function numeralEvidence(seed: CanonicalName, candidate: CanonicalName): EvidenceItem | undefined {
  const typed = seed.numbers.join(',');
  const found = candidate.numbers.join(',');
  if (typed === found) {
    return undefined;
  }
  const romanOrDigits = candidate.brand.match(/\b[IVXLC]+\b|\d+/gu)?.join(' ') ?? 'none';
  return item('numeral', 'contradicts', `different numeral: ${found === '' ? 'none' : romanOrDigits}`);
}

function recordCountry(record: LeiRecord): string | undefined {
  const text = record.jurisdiction ?? record.legalAddress?.country;
  return text?.slice(0, 2).toUpperCase();
}

function recordEvidence(seed: SeedFacts, record: LeiRecord): EvidenceItem[] {
  const items: EvidenceItem[] = [];
  const codes = new Set(seed.postalCodes.map(normalizePostalCode).filter((code) => code !== ''));
  const postal = recordPostalCodes(record).find((code) => codes.has(normalizePostalCode(code)));
  if (postal !== undefined) {
    items.push(item('postal_code', 'supports', `postal code ${postal} matches`));
  }
  const country = recordCountry(record);
  if (country !== undefined && seed.countries.length > 0) {
    items.push(
      seed.countries.includes(country)
        ? item('country', 'supports', `country ${country} agrees with the case`)
        : item('country', 'contradicts', `country ${country}, the case says ${seed.countries.join('/')}`),
    );
  }
  const registration = record.registration.status?.toUpperCase();
  if (registration !== undefined && DEAD_REGISTRATIONS.has(registration)) {
    items.push(item('status', 'contradicts', `registration ${registration.toLowerCase()}`));
  } else if (registration === 'LAPSED') {
    items.push(item('status', 'notes', 'registration lapsed'));
  }
  if (record.entityStatus !== undefined && record.entityStatus.toUpperCase() === 'INACTIVE') {
    items.push(item('status', 'contradicts', 'inactive entity'));
  }
  return items;
}

/** Weights of the rank: identity first, then what confirms or contradicts it. */
const WEIGHT: Record<EvidenceItem['kind'], Record<EvidenceEffect, number>> = {
  name: { supports: 100, notes: 0, contradicts: 0 },
  name_more: { supports: 0, notes: 40, contradicts: 0 },
  name_less: { supports: 0, notes: 10, contradicts: 0 },
  legal_form: { supports: 30, notes: 0, contradicts: -40 },
  postal_code: { supports: 40, notes: 0, contradicts: 0 },
  country: { supports: 15, notes: 0, contradicts: -25 },
  parent: { supports: 15, notes: 0, contradicts: 0 },
  status: { supports: 0, notes: -5, contradicts: -30 },
  numeral: { supports: 0, notes: 0, contradicts: -60 },
  tie: { supports: 0, notes: 0, contradicts: 0 },
};

/** Evidence for one candidate. */
export function assessCandidate(seed: SeedFacts, candidate: CandidateFacts): AssessedCandidate {
  const typed = canonicalName(seed.name);
  const found = canonicalName(candidate.record?.legalName ?? candidate.name);
  const evidence: EvidenceItem[] = [];
  const name = nameEvidence(typed, found);
  const form = legalFormEvidence(typed, found, candidate.record);
  const numeral = numeralEvidence(typed, found);
  for (const entry of [name, form, numeral]) {
    if (entry !== undefined) {
      evidence.push(entry);
    }
  }
  if (candidate.record !== undefined) {
    evidence.push(...recordEvidence(seed, candidate.record));
  }
  if (candidate.parentOf !== undefined && candidate.parentOf > 0) {
    const others = candidate.parentOf === 1 ? 'other candidate' : 'other candidates';
    evidence.push(item('parent', 'supports', `parent of ${candidate.parentOf} ${others}`));
  }
  // The head of a bigger group ranks above the head of a smaller one (up to five).
  const groupSize = Math.min(candidate.parentOf ?? 0, 5) * 5;
  const strength = evidence.reduce((sum, entry) => sum + WEIGHT[entry.kind][entry.effect], groupSize);
  const sameNameFound = name?.effect === 'supports';
  // The name identifies the entity when the legal forms agree, or when neither name has one.
  const formsAgree = form?.effect === 'supports' || (typed.form === undefined && found.form === undefined);
  const located = evidence.some((entry) => entry.kind === 'postal_code');
  const identifies = (sameNameFound && formsAgree) || (name !== undefined && located);
  return { ...candidate, evidence, strength, identifies };
}

export interface Decision {
  /** Best first, at most `limit`. */
  ranked: AssessedCandidate[];
  /** The candidate that applies at once, when the evidence makes it unambiguous. */
  accepted?: AssessedCandidate;
}

function hasKind(candidate: AssessedCandidate, kind: EvidenceItem['kind']): boolean {
  return candidate.evidence.some((entry) => entry.kind === kind && entry.effect === 'supports');
}

function compare(a: AssessedCandidate, b: AssessedCandidate): number {
  // Never reply order: equal evidence and score sort by legal name, and the tie is held.
  return b.strength - a.strength || b.score - a.score || a.name.localeCompare(b.name);
}

function tied(a: AssessedCandidate, b: AssessedCandidate | undefined): boolean {
  return b !== undefined && a.strength === b.strength && a.score === b.score;
}

/**
 * Ranks candidates and decides: the best applies at once when it identifies the entity (same
 * name with agreeing legal forms, or a name match confirmed by postal code), nothing contradicts
 * it, and no other candidate identifies it as well, ties with it, or has the postal code it lacks.
 */
export function decide(candidates: AssessedCandidate[], limit = 5): Decision {
  const sorted = [...candidates].sort(compare);
  const [best, second] = sorted;
  if (best === undefined) {
    return { ranked: [] };
  }
  if (tied(best, second) && second !== undefined) {
    const note = item('tie', 'notes', `tied with ${second.name}: held for review`);
    best.evidence.push(note);
  }
  const clean = (candidate: AssessedCandidate): boolean =>
    candidate.identifies && !candidate.evidence.some((entry) => entry.effect === 'contradicts');
  // A postal code the best lacks and another candidate has is conflicting evidence: held.
  const locatedElsewhere = (candidate: AssessedCandidate): boolean =>
    hasKind(candidate, 'postal_code') && !hasKind(best, 'postal_code');
  const rivals = sorted
    .slice(1)
    .filter((candidate) => clean(candidate) || tied(best, candidate) || locatedElsewhere(candidate));
  const ranked = sorted.slice(0, limit);
  return clean(best) && rivals.length === 0 ? { ranked, accepted: best } : { ranked };
}

/** Evidence as one line for an edge property and the CLI: "+ same name; - different numeral: VII". */
export function evidenceText(evidence: EvidenceItem[]): string {
  const sign: Record<EvidenceEffect, string> = { supports: '+', contradicts: '-', notes: '·' };
  return evidence.map((entry) => `${sign[entry.effect]} ${entry.text}`).join('; ');
}
