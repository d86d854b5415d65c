/** Pure parsers of the company-data API replies (Aviato wire format) into the fields the handlers use. */

/** A reply whose shape is not the one documented; the client turns it into a MalformedBodyError. */
export class CompanyDataReplyError extends Error {
  override readonly name = 'CompanyDataReplyError';
}

export interface CompanySearchItem {
  id: string;
  name: string;
}

export interface CompanyDetails {
  id: string;
  name: string;
  legalName?: string;
  headcount?: number;
  nonProfit?: boolean;
}

export interface CompanyPerson {
  /** The API's person id; empty when the reply has none. */
  id: string;
  fullName: string;
}

export interface CompanyInvestor {
  id: string;
  name: string;
}

export interface FundingRound {
  /** The API's round id as text; empty when the reply has none. */
  id: string;
  name: string;
  stage: string;
  /** Announcement date as the API gives it (ISO 8601). */
  announcedOn?: string;
  moneyRaised?: number;
  /** Person investors, lead investors first, distinct by id (or name when there is no id). */
  personInvestors: CompanyPerson[];
  /** Company investors, lead investors first, distinct by id. */
  companyInvestors: CompanyInvestor[];
}

export interface Page<TItem> {
  items: TItem[];
  /** Number of pages the API reports (pages count from 0). */
  pages: number;
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function expectObject(value: unknown, what: string): JsonObject {
  if (!isObject(value)) {
    throw new CompanyDataReplyError(`${what} is not a JSON object`);
  }
  return value;
}

function optionalArray(object: JsonObject, field: string, what: string): unknown[] {
  const value = object[field];
  if (value === undefined || value === null) {
    return [];
  }
  if (!Array.isArray(value)) {
    throw new CompanyDataReplyError(`${what}.${field} is not a list`);
  }
  return value;
}

/** A trimmed string, or '' for anything else (numbers are turned into text: ids can be numeric). */
function text(value: unknown): string {
  if (typeof value === 'string') {
    return value.normalize('NFC').trim();
  }
  if (typeof value === 'number' && Number.isFinite(value)) {
    return String(value);
  }
  return '';
}

function finiteNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) {
    return value;
  }
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) {
    return Number(value);
  }
  return undefined;
}

function pageCount(object: JsonObject, what: string): number {
  const pages = finiteNumber(object.pages);
  if (pages === undefined) {
    // Absent: one page. Present but unreadable: the shape is wrong.
    if (object.pages === undefined || object.pages === null) {
      return 1;
    }
    throw new CompanyDataReplyError(`${what}.pages is not a number`);
  }
  return Math.max(0, Math.floor(pages));
}

/** `POST /company/search`: `{count, items: [{id, name, ...}]}`; items without id or name are skipped. */
export function parseCompanySearch(body: unknown): CompanySearchItem[] {
  const reply = expectObject(body, 'search reply');
  if (!('items' in reply)) {
    throw new CompanyDataReplyError('search reply has no items');
  }
  const items: CompanySearchItem[] = [];
  for (const raw of optionalArray(reply, 'items', 'search reply')) {
    if (!isObject(raw)) {
      continue;
    }
    const id = text(raw.id);
    const name = text(raw.name);
    if (id !== '' && name !== '') {
      items.push({ id, name });
    }
  }
  return items;
}

/** `GET /company/enrich?id=`: the company; only the fields the app stores are read. */
export function parseCompanyEnrich(body: unknown): CompanyDetails {
  const reply = expectObject(body, 'enrich reply');
  const id = text(reply.id);
  if (id === '') {
    throw new CompanyDataReplyError('enrich reply has no company id');
  }
  const details: CompanyDetails = { id, name: text(reply.name) };
  const legalName = text(reply.legalName);
  if (legalName !== '') {
    details.legalName = legalName;
  }
  const headcount = finiteNumber(reply.headcount);
  // The API sends 0 for "unknown"; a company with no staff is not a fact worth recording.
  if (headcount !== undefined && headcount > 0) {
    details.headcount = Math.round(headcount);
  }
  if (typeof reply.isNonProfit === 'boolean') {
    details.nonProfit = reply.isNonProfit;
  }
  return details;
}

function parsePerson(raw: unknown): CompanyPerson | undefined {
  if (!isObject(raw)) {
    return undefined;
  }
  const fullName = text(raw.fullName);
  return fullName === '' ? undefined : { id: text(raw.id), fullName };
}

/** `GET /company/{id}/employees`: one page of employees (their `person`), with the page count. */
export function parseEmployeesPage(body: unknown): Page<CompanyPerson> {
  const reply = expectObject(body, 'employees reply');
  if (!('employees' in reply)) {
    throw new CompanyDataReplyError('employees reply has no employees');
  }
  const items: CompanyPerson[] = [];
  for (const raw of optionalArray(reply, 'employees', 'employees reply')) {
    if (!isObject(raw)) {
      continue;
    }
    const person = parsePerson(raw.person);
    if (person !== undefined) {
      items.push(person.id === '' ? { ...person, id: text(raw.personID) } : person);
    }
  }
  return { items, pages: pageCount(reply, 'employees reply') };
}

function distinctBy<TItem>(items: TItem[], key: (item: TItem) => string): TItem[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const value = key(item);
    if (seen.has(value)) {
      return false;
    }
    seen.add(value);
    return true;
  });
}

/** `GET /company/{id}/funding-rounds`: one page of rounds with their investors, and the page count. */
export function parseFundingRoundsPage(body: unknown): Page<FundingRound> {
  const reply = expectObject(body, 'funding-rounds reply');
  if (!('fundingRounds' in reply)) {
    throw new CompanyDataReplyError('funding-rounds reply has no fundingRounds');
  }
  const items: FundingRound[] = [];
  for (const raw of optionalArray(reply, 'fundingRounds', 'funding-rounds reply')) {
    if (!isObject(raw)) {
      continue;
    }
    const what = 'funding round';
    const persons = [
      ...optionalArray(raw, 'leadPersonInvestorList', what),
      ...optionalArray(raw, 'personInvestorList', what),
    ]
      .map(parsePerson)
      .filter((person): person is CompanyPerson => person !== undefined);
    const companies = [
      ...optionalArray(raw, 'leadCompanyInvestorList', what),
      ...optionalArray(raw, 'companyInvestorList', what),
    ]
      .filter(isObject)
      .map((company) => ({ id: text(company.id), name: text(company.name) }))
      .filter((company) => company.id !== '' && company.name !== '');
    const round: FundingRound = {
      id: text(raw.id),
      name: text(raw.name),
      stage: text(raw.stage),
      personInvestors: distinctBy(persons, (person) => person.id || `name:${person.fullName.toLowerCase()}`),
      companyInvestors: distinctBy(companies, (company) => company.id.toLowerCase()),
    };
    if (round.id === '' && round.name === '' && round.stage === '') {
      continue;
    }
    const announcedOn = text(raw.announcedOn);
    if (announcedOn !== '') {
      round.announcedOn = announcedOn;
    }
    const moneyRaised = finiteNumber(raw.moneyRaised);
    if (moneyRaised !== undefined) {
      round.moneyRaised = moneyRaised;
    }
    items.push(round);
  }
  return { items, pages: pageCount(reply, 'funding-rounds reply') };
}
