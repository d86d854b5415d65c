/**
 * The company-data API's replies (Aviato wire format) as zod schemas that read straight into the
 * fields the handlers use. The envelope is strict (the list member each endpoint documents, a
 * readable page count, the company id of an enrich reply): a reply without it is refused as a
 * whole, and the client turns that into `malformed_body`. Items are lenient: an entry without
 * the fields a handler needs is skipped, not a reason to lose the rest of the page.
 */
import { z } from 'zod';
import { isPlainObject } from '../../../shared/util/object';

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

/** A list member that may be absent or null (an empty list), but not of another type. */
const optionalList = z
  .array(z.unknown())
  .nullish()
  .transform((items) => items ?? []);

/** A list member the endpoint always sends (present, possibly null). */
const requiredList = z
  .array(z.unknown())
  .nullable()
  .transform((items) => items ?? []);

/** `pages`: absent or null is one page; present, it must be a number (or numeric text). */
const pageCount = z
  .unknown()
  .optional()
  .transform((value, context) => {
    if (value === undefined || value === null) {
      return 1;
    }
    const pages = finiteNumber(value);
    if (pages === undefined) {
      context.addIssue({ code: 'custom', message: 'pages is not a number' });
      return z.NEVER;
    }
    return Math.max(0, Math.floor(pages));
  });

function distinctBy<TItem>(items: TItem[], key: (item: TItem) => string): TItem[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(key(item)) && Boolean(seen.add(key(item))));
}

function personOf(raw: unknown): CompanyPerson | undefined {
  if (!isPlainObject(raw)) {
    return undefined;
  }
  const fullName = text(raw.fullName);
  return fullName === '' ? undefined : { id: text(raw.id), fullName };
}

/** `POST /company/search`: `{count, items: [{id, name, ...}]}`; items without id or name are skipped. */
export const CompanySearchReply = z.looseObject({ items: requiredList }).transform((reply) =>
  reply.items
    .filter(isPlainObject)
    .map((raw) => ({ id: text(raw.id), name: text(raw.name) }))
    .filter((item): item is CompanySearchItem => item.id !== '' && item.name !== ''),
);

/** `GET /company/enrich?id=`: the company; only the fields the app stores are read. */
export const CompanyEnrichReply = z.looseObject({}).transform((reply, context): CompanyDetails => {
  const id = text(reply.id);
  if (id === '') {
    context.addIssue({ code: 'custom', message: 'enrich reply has no company id', path: ['id'] });
    return z.NEVER;
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
});

/** `GET /company/{id}/employees`: one page of employees (their `person`), with the page count. */
export const EmployeesPageReply = z
  .looseObject({ employees: requiredList, pages: pageCount })
  .transform((reply): Page<CompanyPerson> => {
    const items: CompanyPerson[] = [];
    for (const raw of reply.employees.filter(isPlainObject)) {
      const person = personOf(raw.person);
      if (person !== undefined) {
        items.push(person.id === '' ? { ...person, id: text(raw.personID) } : person);
      }
    }
    return { items, pages: reply.pages };
  });

const FundingRoundWire = z.looseObject({
  leadPersonInvestorList: optionalList,
  personInvestorList: optionalList,
  leadCompanyInvestorList: optionalList,
  companyInvestorList: optionalList,
});

function roundOf(raw: z.output<typeof FundingRoundWire>): FundingRound | undefined {
  const persons = [...raw.leadPersonInvestorList, ...raw.personInvestorList]
    .map(personOf)
    .filter((person) => person !== undefined);
  const companies = [...raw.leadCompanyInvestorList, ...raw.companyInvestorList]
    .filter(isPlainObject)
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
    return undefined;
  }
  const announcedOn = text(raw.announcedOn);
  if (announcedOn !== '') {
    round.announcedOn = announcedOn;
  }
  const moneyRaised = finiteNumber(raw.moneyRaised);
  if (moneyRaised !== undefined) {
    round.moneyRaised = moneyRaised;
  }
  return round;
}

/** `GET /company/{id}/funding-rounds`: one page of rounds with their investors, and the page count. */
export const FundingRoundsPageReply = z
  .looseObject({ fundingRounds: requiredList, pages: pageCount })
  .transform((reply, context): Page<FundingRound> => {
    const items: FundingRound[] = [];
    for (const [index, raw] of reply.fundingRounds.entries()) {
      if (!isPlainObject(raw)) {
        continue;
      }
      const checked = FundingRoundWire.safeParse(raw);
      if (!checked.success) {
        // An investor list of the wrong type: the round's shape is wrong, not just one field.
        context.addIssue({
          code: 'custom',
          message: 'an investor list is not a list',
          path: ['fundingRounds', index],
        });
        return z.NEVER;
      }
      const round = roundOf(checked.data);
      if (round !== undefined) {
        items.push(round);
      }
    }
    return { items, pages: reply.pages };
  });
