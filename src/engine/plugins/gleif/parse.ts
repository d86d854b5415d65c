/** Pure parsers of the LEI registry's JSON:API replies (lei-records, fuzzycompletions, pages). */

/** A reply that does not have the JSON:API shape the registry documents. */
export class LeiReplyError extends Error {
  override readonly name = 'LeiReplyError';
}

export interface LeiAddress {
  addressLines: string[];
  city: string;
  region: string;
  postalCode: string;
  country: string;
}

export interface LeiRegistration {
  status?: string;
  initialRegistrationDate?: string;
  lastUpdateDate?: string;
  nextRenewalDate?: string;
}

/** The fields of an LEI record that the plugin uses; absent sections are left out, not faked. */
export interface LeiRecord {
  lei: string;
  /** `entity.legalName.name` in its original case. */
  legalName: string;
  otherNames: string[];
  transliteratedOtherNames: string[];
  creationDate?: string;
  jurisdiction?: string;
  registeredAs?: string;
  /** `entity.status` (ACTIVE, INACTIVE, NULL...). */
  entityStatus?: string;
  legalAddress?: LeiAddress;
  headquartersAddress?: LeiAddress;
  otherAddresses: LeiAddress[];
  registration: LeiRegistration;
  bic: string[];
  mic: string[];
  ocid?: string;
  spglobal: string[];
}

export interface FuzzyCandidate {
  /** The matched legal name (`attributes.value`). */
  name: string;
  lei: string;
}

export interface ChildrenPage {
  records: LeiRecord[];
  /** Resource objects of the page that were not usable LEI records (no id or legal name). */
  skipped: number;
  /** `links.next`, when there is a next page. */
  next?: string;
  /** `meta.pagination.lastPage`, when given. */
  lastPage?: number;
  /** `meta.pagination.currentPage`, when given. */
  currentPage?: number;
}

const LEI_PATTERN = /^[A-Z0-9]{18}[0-9]{2}$/;

/** True for a syntactically valid LEI code (ISO 17442: 18 alphanumerics and 2 check digits). */
export function isLeiCode(value: string): boolean {
  return LEI_PATTERN.test(value);
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objectAt(value: unknown, key: string): JsonObject | undefined {
  if (!isObject(value)) {
    return undefined;
  }
  const item = value[key];
  return isObject(item) ? item : undefined;
}

/** A non-empty trimmed string, else undefined (JSON null and numbers of other fields are ignored). */
function textAt(value: unknown, key: string): string | undefined {
  if (!isObject(value)) {
    return undefined;
  }
  const item = value[key];
  if (typeof item !== 'string') {
    return undefined;
  }
  const trimmed = item.trim();
  return trimmed === '' ? undefined : trimmed;
}

function textList(value: unknown): string[] {
  if (!Array.isArray(value)) {
    return [];
  }
  const result: string[] = [];
  for (const item of value) {
    if (typeof item === 'string' && item.trim() !== '') {
      result.push(item.trim());
    }
  }
  return result;
}

/** `[{name: ...}]` lists (otherNames, transliteratedOtherNames). */
function nameList(value: unknown): string[] {
  if (!Array.isArray(value)) {
    return [];
  }
  const result: string[] = [];
  for (const item of value) {
    const name = textAt(item, 'name');
    if (name !== undefined) {
      result.push(name);
    }
  }
  return result;
}

function parseAddress(value: unknown): LeiAddress | undefined {
  if (!isObject(value)) {
    return undefined;
  }
  const address: LeiAddress = {
    addressLines: textList(value.addressLines),
    city: textAt(value, 'city') ?? '',
    region: textAt(value, 'region') ?? '',
    postalCode: textAt(value, 'postalCode') ?? '',
    country: textAt(value, 'country') ?? '',
  };
  const empty =
    address.addressLines.length === 0 &&
    address.city === '' &&
    address.region === '' &&
    address.postalCode === '' &&
    address.country === '';
  return empty ? undefined : address;
}

/** Sets `key` only when the value is defined (exactOptionalPropertyTypes). */
function withOptional<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) {
    target[key] = value;
  }
}

/**
 * Parses one `lei-records` resource object. Throws LeiReplyError when it is not one or has no
 * id or legal name; every other section may be missing.
 */
export function parseLeiRecordResource(resource: unknown): LeiRecord {
  if (!isObject(resource)) {
    throw new LeiReplyError('LEI record is not an object');
  }
  if (resource.type !== 'lei-records') {
    throw new LeiReplyError(`expected a lei-records resource, got ${JSON.stringify(resource.type ?? null)}`);
  }
  const lei = (textAt(resource, 'id') ?? textAt(resource.attributes, 'lei'))?.toUpperCase();
  if (lei === undefined || !isLeiCode(lei)) {
    throw new LeiReplyError('LEI record has no valid LEI code');
  }
  const attributes = objectAt(resource, 'attributes') ?? {};
  const entity = objectAt(attributes, 'entity') ?? {};
  const legalName = textAt(objectAt(entity, 'legalName'), 'name');
  if (legalName === undefined) {
    throw new LeiReplyError(`LEI record ${lei} has no legal name`);
  }
  const registrationObject = objectAt(attributes, 'registration') ?? {};
  const registration: LeiRegistration = {};
  withOptional(registration, 'status', textAt(registrationObject, 'status'));
  withOptional(
    registration,
    'initialRegistrationDate',
    textAt(registrationObject, 'initialRegistrationDate'),
  );
  withOptional(registration, 'lastUpdateDate', textAt(registrationObject, 'lastUpdateDate'));
  withOptional(registration, 'nextRenewalDate', textAt(registrationObject, 'nextRenewalDate'));

  const record: LeiRecord = {
    lei,
    legalName,
    otherNames: nameList(entity.otherNames),
    transliteratedOtherNames: nameList(entity.transliteratedOtherNames),
    otherAddresses: Array.isArray(entity.otherAddresses)
      ? entity.otherAddresses.map(parseAddress).filter((item): item is LeiAddress => item !== undefined)
      : [],
    registration,
    bic: textList(attributes.bic),
    mic: textList(attributes.mic),
    spglobal: textList(attributes.spglobal),
  };
  withOptional(record, 'creationDate', textAt(entity, 'creationDate'));
  withOptional(record, 'jurisdiction', textAt(entity, 'jurisdiction'));
  withOptional(record, 'registeredAs', textAt(entity, 'registeredAs'));
  withOptional(record, 'entityStatus', textAt(entity, 'status'));
  withOptional(record, 'legalAddress', parseAddress(entity.legalAddress));
  withOptional(record, 'headquartersAddress', parseAddress(entity.headquartersAddress));
  withOptional(record, 'ocid', textAt(attributes, 'ocid'));
  return record;
}

function dataOf(body: unknown): unknown {
  if (!isObject(body)) {
    throw new LeiReplyError('reply is not a JSON object');
  }
  if (!('data' in body)) {
    throw new LeiReplyError('reply has no data member');
  }
  return body.data;
}

/**
 * Parses the reply of `GET lei-records/{lei}`. When `expectedLei` is given, a record for another
 * LEI is an error (a registry or proxy mix-up must not link the wrong company).
 */
export function parseLeiRecordReply(body: unknown, expectedLei?: string): LeiRecord {
  const record = parseLeiRecordResource(dataOf(body));
  if (expectedLei !== undefined && record.lei !== expectedLei.toUpperCase()) {
    throw new LeiReplyError(`asked for LEI ${expectedLei}, the reply is for ${record.lei}`);
  }
  return record;
}

/**
 * Parses the reply of `GET lei-records/{lei}/direct-parent`: the parent's record, or null when
 * the reply says there is no parent (null data or a reporting exception).
 */
export function parseDirectParentReply(body: unknown): LeiRecord | null {
  const data = dataOf(body);
  if (data === null || (Array.isArray(data) && data.length === 0)) {
    return null;
  }
  if (isObject(data) && data.type === 'reporting-exceptions') {
    return null;
  }
  return parseLeiRecordResource(data);
}

/** Parses one page of `GET lei-records/{lei}/direct-children`. */
export function parseChildrenPage(body: unknown): ChildrenPage {
  const data = dataOf(body);
  if (!Array.isArray(data)) {
    throw new LeiReplyError('direct-children reply data is not a list');
  }
  const records: LeiRecord[] = [];
  let skipped = 0;
  for (const item of data) {
    try {
      records.push(parseLeiRecordResource(item));
    } catch (error) {
      if (!(error instanceof LeiReplyError)) {
        throw error;
      }
      skipped += 1;
    }
  }
  const page: ChildrenPage = { records, skipped };
  withOptional(page, 'next', textAt(objectAt(body, 'links'), 'next'));
  const pagination = objectAt(objectAt(body, 'meta'), 'pagination');
  const lastPage = pagination?.lastPage;
  if (typeof lastPage === 'number' && Number.isInteger(lastPage)) {
    page.lastPage = lastPage;
  }
  const currentPage = pagination?.currentPage;
  if (typeof currentPage === 'number' && Number.isInteger(currentPage)) {
    page.currentPage = currentPage;
  }
  return page;
}

/**
 * Parses a fuzzycompletions reply into candidates in reply order. Entries that are not
 * `fuzzycompletions` linked to a `lei-records` resource with a valid LEI are skipped. A reply
 * without a data list is an error; an empty list is an empty result.
 */
export function parseFuzzyCompletions(body: unknown): FuzzyCandidate[] {
  const data = dataOf(body);
  if (!Array.isArray(data)) {
    throw new LeiReplyError('fuzzycompletions reply data is not a list');
  }
  const candidates: FuzzyCandidate[] = [];
  for (const item of data) {
    if (!isObject(item) || item.type !== 'fuzzycompletions') {
      continue;
    }
    const name = textAt(objectAt(item, 'attributes'), 'value');
    const related = objectAt(objectAt(objectAt(item, 'relationships'), 'lei-records'), 'data');
    const lei = textAt(related, 'id')?.toUpperCase();
    if (name === undefined || related?.type !== 'lei-records' || lei === undefined || !isLeiCode(lei)) {
      continue;
    }
    candidates.push({ name, lei });
  }
  return candidates;
}

/** All postal codes of a record's addresses (legal, headquarters, others), non-empty. */
export function recordPostalCodes(record: LeiRecord): string[] {
  const addresses = [record.legalAddress, record.headquartersAddress, ...record.otherAddresses];
  return addresses.map((address) => address?.postalCode ?? '').filter((code) => code !== '');
}
