/**
 * The LEI registry's replies (API v1, JSON:API) as zod schemas, and their reading into the
 * fields the plugin uses. The envelope is strict: a reply without the `data` member the endpoint
 * documents, or a record without type, LEI and legal name, is refused as a whole (the client
 * turns that into `malformed_body`). Leaf fields are lenient: the registry sends null, "" and the
 * odd number in optional fields, and one such field must not cost the whole record.
 */
import { z } from 'zod';
import { isPlainObject, omitUndefined } from '../../../shared/util/object';
import { SourceReplyError } from '../../core/plugin-api';

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
  /** `entity.legalForm.id`: an ISO 20275 ELF code (8888/9999: none on the list). */
  legalFormCode?: string;
  /** `entity.legalForm.other`: the form in words when the code is 8888/9999. */
  legalFormOther?: string;
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
  /** `links.next`, when there is a next page. */
  next?: string;
}

const LEI_PATTERN = /^[A-Z0-9]{18}[0-9]{2}$/;

/** True for a syntactically valid LEI code (ISO 17442: 18 alphanumerics and 2 check digits). */
export function isLeiCode(value: string): boolean {
  return LEI_PATTERN.test(value);
}

function trimmedText(value: unknown): string | undefined {
  if (typeof value !== 'string') {
    return undefined;
  }
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A non-empty trimmed string, else undefined (null, "" and numbers of optional fields are ignored). */
const optionalText = z.unknown().optional().transform(trimmedText);

/** A list of non-empty strings; anything else in or instead of the list is ignored. */
const textList = z
  .unknown()
  .optional()
  .transform((value) =>
    Array.isArray(value) ? value.map(trimmedText).filter((item) => item !== undefined) : [],
  );

/** `[{name: ...}]` lists (otherNames, transliteratedOtherNames). */
const nameList = z
  .unknown()
  .optional()
  .transform((value) =>
    Array.isArray(value)
      ? value
          .map((item) => (isPlainObject(item) ? trimmedText(item.name) : undefined))
          .filter((item) => item !== undefined)
      : [],
  );

const address = z
  .unknown()
  .optional()
  .transform((value): LeiAddress | undefined => {
    if (!isPlainObject(value)) {
      return undefined;
    }
    const read: LeiAddress = {
      addressLines: textList.parse(value.addressLines),
      city: trimmedText(value.city) ?? '',
      region: trimmedText(value.region) ?? '',
      postalCode: trimmedText(value.postalCode) ?? '',
      country: trimmedText(value.country) ?? '',
    };
    const empty =
      read.addressLines.length === 0 &&
      Object.values(read).every((part) => part === '' || Array.isArray(part));
    return empty ? undefined : read;
  });

const addressList = z
  .unknown()
  .optional()
  .transform((value) =>
    Array.isArray(value) ? value.map((item) => address.parse(item)).filter((item) => item !== undefined) : [],
  );

/** One `lei-records` resource object: type, LEI and legal name are required, the rest optional. */
export const LeiRecordResource = z.looseObject({
  type: z.literal('lei-records'),
  id: optionalText,
  attributes: z.looseObject({
    lei: optionalText,
    entity: z.looseObject({
      legalName: z.looseObject({ name: z.string() }),
      otherNames: nameList,
      transliteratedOtherNames: nameList,
      legalAddress: address,
      headquartersAddress: address,
      otherAddresses: addressList,
      creationDate: optionalText,
      jurisdiction: optionalText,
      registeredAs: optionalText,
      status: optionalText,
      legalForm: z.looseObject({ id: optionalText, other: optionalText }).nullish().catch(undefined),
    }),
    registration: z
      .looseObject({
        status: optionalText,
        initialRegistrationDate: optionalText,
        lastUpdateDate: optionalText,
        nextRenewalDate: optionalText,
      })
      .nullish(),
    bic: textList,
    mic: textList,
    ocid: optionalText,
    spglobal: textList,
  }),
});
export type LeiRecordResource = z.output<typeof LeiRecordResource>;

/** `GET lei-records/{lei}`. */
export const LeiRecordReply = z.looseObject({ data: LeiRecordResource });

/** `GET lei-records/{lei}/direct-parent`: a record, or "no parent" (null, [] or a reporting exception). */
export const DirectParentReply = z.looseObject({
  data: z.union([
    z.null(),
    z.array(z.unknown()).length(0),
    z.looseObject({ type: z.literal('reporting-exceptions') }),
    LeiRecordResource,
  ]),
});

/** `GET lei-records/{lei}/direct-children` (one page). Items are checked one by one when read. */
export const ChildrenPageReply = z.looseObject({
  data: z.array(z.unknown()),
  links: z.looseObject({ next: optionalText }).nullish(),
});

/** `GET fuzzycompletions`: candidates, each checked when read (odd entries are skipped). */
export const FuzzyCompletionsReply = z.looseObject({ data: z.array(z.unknown()) });

const FuzzyCompletion = z.looseObject({
  type: z.literal('fuzzycompletions'),
  attributes: z.looseObject({ value: optionalText }),
  relationships: z.looseObject({
    'lei-records': z.looseObject({
      data: z.looseObject({ type: z.literal('lei-records'), id: optionalText }),
    }),
  }),
});

/** The LeiRecord of a resource; SourceReplyError when it has no valid LEI code or an empty legal name. */
export function leiRecordOf(resource: LeiRecordResource): LeiRecord {
  const lei = (resource.id ?? resource.attributes.lei)?.toUpperCase();
  if (lei === undefined || !isLeiCode(lei)) {
    throw new SourceReplyError('LEI record has no valid LEI code');
  }
  const { entity } = resource.attributes;
  const legalName = trimmedText(entity.legalName.name);
  if (legalName === undefined) {
    throw new SourceReplyError(`LEI record ${lei} has no legal name`);
  }
  const registered = resource.attributes.registration;
  return omitUndefined<LeiRecord>({
    lei,
    legalName,
    otherNames: entity.otherNames,
    transliteratedOtherNames: entity.transliteratedOtherNames,
    creationDate: entity.creationDate,
    jurisdiction: entity.jurisdiction,
    registeredAs: entity.registeredAs,
    entityStatus: entity.status,
    legalFormCode: entity.legalForm?.id ?? undefined,
    legalFormOther: entity.legalForm?.other ?? undefined,
    legalAddress: entity.legalAddress,
    headquartersAddress: entity.headquartersAddress,
    otherAddresses: entity.otherAddresses,
    registration: omitUndefined<LeiRegistration>({
      status: registered?.status,
      initialRegistrationDate: registered?.initialRegistrationDate,
      lastUpdateDate: registered?.lastUpdateDate,
      nextRenewalDate: registered?.nextRenewalDate,
    }),
    bic: resource.attributes.bic,
    mic: resource.attributes.mic,
    ocid: resource.attributes.ocid,
    spglobal: resource.attributes.spglobal,
  });
}

/**
 * The record of a `lei-records/{lei}` reply. A record for another LEI than `expectedLei` is an
 * error (a registry or proxy mix-up must not link the wrong company).
 */
export function leiRecordReplyOf(reply: z.output<typeof LeiRecordReply>, expectedLei?: string): LeiRecord {
  const record = leiRecordOf(reply.data);
  if (expectedLei !== undefined && record.lei !== expectedLei.toUpperCase()) {
    throw new SourceReplyError(`asked for LEI ${expectedLei}, the reply is for ${record.lei}`);
  }
  return record;
}

/** The parent's record, or null when the reply says there is none. */
export function directParentOf(reply: z.output<typeof DirectParentReply>): LeiRecord | null {
  const { data } = reply;
  if (data === null || Array.isArray(data) || data.type === 'reporting-exceptions') {
    return null;
  }
  return leiRecordOf(data);
}

/** The usable records of a children page (others are skipped) and its next link. */
export function childrenPageOf(reply: z.output<typeof ChildrenPageReply>): ChildrenPage {
  const records: LeiRecord[] = [];
  for (const item of reply.data) {
    const resource = LeiRecordResource.safeParse(item);
    if (!resource.success) {
      continue;
    }
    try {
      records.push(leiRecordOf(resource.data));
    } catch (error) {
      if (!(error instanceof SourceReplyError)) {
        throw error;
      }
    }
  }
  return omitUndefined<ChildrenPage>({ records, next: reply.links?.next });
}

/** Candidates in reply order; entries that are not fuzzycompletions linked to a valid LEI are skipped. */
export function fuzzyCandidatesOf(reply: z.output<typeof FuzzyCompletionsReply>): FuzzyCandidate[] {
  const candidates: FuzzyCandidate[] = [];
  for (const item of reply.data) {
    const entry = FuzzyCompletion.safeParse(item);
    if (!entry.success) {
      continue;
    }
    const name = entry.data.attributes.value;
    const lei = entry.data.relationships['lei-records'].data.id?.toUpperCase();
    if (name !== undefined && lei !== undefined && isLeiCode(lei)) {
      candidates.push({ name, lei });
    }
  }
  return candidates;
}

/** All postal codes of a record's addresses (legal, headquarters, others), non-empty. */
export function recordPostalCodes(record: LeiRecord): string[] {
  const addresses = [record.legalAddress, record.headquartersAddress, ...record.otherAddresses];
  return addresses.map((item) => item?.postalCode ?? '').filter((code) => code !== '');
}
