/**
 * The phrase tables that tell what kind of answer a reply is. Data, not code: a registry format
 * met for the first time is taught here with one more phrase. Phrases are matched per line,
 * case-insensitively, and never against terms-of-use lines (TERMS_LINE), whose "high-volume",
 * "query rate or volume limits" and "not authorised" wording is no throttle nor refusal.
 */

/** The registry holds no such domain (or holds the name back from registration). */
export const NOT_FOUND_PHRASES: readonly RegExp[] = [
  /\bno match(?:es)?\b/i,
  /\bnot found\b/i,
  /\bnothing found\b/i,
  /\bno matching record/i,
  /\bno (?:\w+ )?records? (?:were |was )?found\b/i,
  /\bno found\b/i,
  /\bno (?:entries|entry|records?|data|objects?|information|results?|matching (?:records?|domain names?|objects?))\b.{0,60}\b(?:found|available|match(?:ing)?|exists?)\b/i,
  /\bno (?:records?|entries|objects?|data|results?) (?:were |was )?found\b/i,
  /\bobject[_ ]not[_ ]found\b/i,
  /\bkey not found\b/i,
  /\bis (?:free|available)(?:\s+for\b|\s*[.!]?\s*$)/i,
  /\bavailable for (?:registration|purchase)\b/i,
  /\b(?:is )?not (?:been )?regist(?:e)?red\b/i,
  /\bno such (?:domain|object)\b/i,
  /\bdoes not exist\b/i,
  /\bno existe\b/i,
  /\bnot known\b/i,
  /\bnot available in our (?:whois )?database\b/i,
  /\bcould not find the requested domain\b/i,
  /\bthere is no information available on the domain\b/i,
  /\bwe do not have an entry\b/i,
  /\breturned 0 objects\b/i,
  /\bnincs találat\b/i,
  /등록되어 있지 않습니다/,
  /該当するデータがありません/,
  /\bnicht (?:gefunden|registriert)\b/i,
  /\bnon (?:trouvé|existant)\b/i,
  /\bnon esiste\b/i,
  /^\s*(?:available|free|not registered)\s*[.!]?\s*$/i,
  /\b(?:is|has been) reserved\b/i,
];

/** Status values that mean "no such domain" when the reply holds no record. */
export const NOT_FOUND_STATUSES: readonly RegExp[] = [
  /^(?:\d{3}\s+)?(?:available|free|no object found|not registered|not found|unregistered|libre|disponible|frei)$/i,
];

/** The server asks us to slow down. */
export const THROTTLE_PHRASES: readonly RegExp[] = [
  /\blimit exceeded\b/i,
  /\bquota\b.{0,40}\bexceeded\b/i,
  /\bexceeded\b.{0,40}\b(?:quota|query limit|request limit|allowed)\b/i,
  /\btoo many (?:queries|requests|connections|lookups)\b/i,
  /\btry again later\b/i,
  /\bslow down\b/i,
  /\bgo away for \d+/i,
  /\bgrace period\b.{0,40}\b(?:wait|seconds?)\b|\bwait \d+ seconds\b/i,
  // At the start of a line only: terms text speaks of "excessive querying" mid-sentence.
  /^excessive querying[,.:]/i,
  /\b\d{3} request denied\b/i,
  /\b(?:queries|requests|lookups) per (?:second|minute|hour|day)\b.{0,30}\b(?:reached|exceeded|allowed)\b/i,
  /\brate limit(?:ed|ing)? (?:exceeded|reached|in effect)\b/i,
];

/** The server will not answer (database down, client blocked). */
export const REFUSAL_PHRASES: readonly RegExp[] = [
  /\bdatabase is (?:currently )?(?:down|unavailable)\b/i,
  /\baccess (?:denied|refused)\b/i,
  /\bip address (?:is )?blocked\b/i,
  /\b(?:service|server) (?:is )?(?:temporarily )?unavailable\b/i,
  /\btemporarily unavailable\b/i,
  /\bnot authori[sz]ed\b/i,
  /\bconnection refused\b/i,
  /\binvalid query\b(?!.*\bnot known\b)/i,
];

/** A line of terms-of-use, copyright or disclaimer text. */
export const TERMS_LINE =
  /terms of use|terms and conditions|conditions of use|you agree|by submitting|by using this|high.volume|automated|lawful purpose|intellectual property|copyright|all rights reserved|disclaimer|information(?:al)? purposes|expressly prohibited|unsolicited|reproduc|prior written|abuse of this service|privacy|acceptable use|you (?:may|will) not|for the sole purpose/i;

/**
 * Values a registry or registrar puts in place of the real data (redaction text, web-form
 * pointers, "not disclosed", "No registrar listed"): they never become fields or entities.
 * Written in lower case; matched case-insensitively.
 */
export const PLACEHOLDER_PHRASES: readonly RegExp[] = [
  /redacted/,
  /data protected/,
  /not disclosed/,
  /gdpr/,
  /withheld/,
  /not shown/,
  /please visit/,
  /^visit /,
  /please query the rdds/,
  /please contact the registrar/,
  /not available from registry/,
  /obfuscated whois/,
  /statutory masking/,
  /hidden upon user request/,
  /non-public data/,
  /can ?not be (?:publicly )?disclosed/,
  /no registrar listed/,
  /directly registered with/,
  /(?:web|contact|request)[ -]?form\b/,
  // A link to a registrar's contact form stands in for the e-mail address it hides.
  /^https?:\/\/\S*\bcontact/,
  /^not assigned$/,
  /^(?:privacy|private|private person|n\/?a|none|not applicable|unknown|-+|\.)$/,
];
