/**
 * Label rules for contacts of registries outside the ICANN layout (issue 27): the role a heading
 * names by its words, in several languages, and the parts of a person's name.
 */
import type { WhoisRole } from './types';

/**
 * Role words of contact headings in several languages and scripts, for headings the exact table
 * above does not list: `Registrant Contact Information`, `Administrative Contact/Agent`,
 * `Domain Holder`, `Inhaber`, `Titulaire du domaine`, `注册人信息`. Words of a role, not of a
 * registry: each is how a language names the holder or a contact's part.
 */
const ROLE_WORDS: readonly [RegExp, WhoisRole][] = [
  [
    /^(?:registrant|holder|owner|domain holder|domain owner|inhaber|domaininhaber|titulaire|titular|registrante|intestatario|houder|eigenaar|abonnent|владелец|администратор домена|власник|реєстрант|注册人|註冊人|登録者|持有人|등록인|organi[sz]ation using domain name)$/,
    'registrant',
  ],
  [
    /^(?:admin|administrative|administrativer|administratif|administrativo|amministrativo|verwaltungs|административный|адміністративний|管理联系人|管理聯絡人|管理者|행정담당자|admin-c)$/,
    'admin',
  ],
  [
    /^(?:tech|technical|technischer|technique|técnico|tecnico|tecnico|технический|технічний|技术联系人|技術聯絡人|技術連絡担当者|기술담당자|zone|tech-c)$/,
    'technical',
  ],
  [/^(?:billing|bill|facturation|rechnungs|платежный|付费联系人|billing-c)$/, 'billing'],
];

/** Words that may follow a role word in a heading: `contact`, `information`, `details`, `/agent`. */
const HEADING_TAIL =
  /(?:\s*[/-]?\s*(?:contact|contacts|contact information|contact details|contact info|information|info|details|data|agent|kontakt|contacto|contact person|person|信息|資料|情報|정보|du domaine|del dominio|des domains?))*$/;

/**
 * The role a contact heading names by its words, when the exact table does not list it. A bare
 * role word (`admin`, `holder`, `등록인`) is left to the exact tables and prefix rules: as a label
 * with a value it is often a handle or a name, not a heading.
 */
export function headingRoleOf(key: string): WhoisRole | undefined {
  if (key.length > 60) {
    return undefined;
  }
  const core = key.replace(HEADING_TAIL, '').trim();
  if (core === key && !ORGANIZATION_USING.test(key)) {
    return undefined;
  }
  for (const [words, role] of ROLE_WORDS) {
    if (words.test(core)) {
      return role;
    }
  }
  return undefined;
}

const ORGANIZATION_USING = /^organi[sz]ation using domain name$/;

/**
 * Labels of the parts of a person's name: the given name first, then the family name is added
 * to it (`Given name: Jane`, `Family name: Doe` -> `Jane Doe`). A name the reply labels as a
 * person's is a person's, whatever it looks like.
 */
export const NAME_PART_KEYS: Record<string, 'given' | 'family'> = Object.assign(
  Object.create(null) as Record<string, 'given' | 'family'>,
  {
    'given name': 'given',
    'first name': 'given',
    firstname: 'given',
    forename: 'given',
    vorname: 'given',
    prénom: 'given',
    prenom: 'given',
    'family name': 'family',
    'last name': 'family',
    lastname: 'family',
    surname: 'family',
    nachname: 'family',
    'nom de famille': 'family',
    apellido: 'family',
    apellidos: 'family',
  },
);

/** Qualifiers of a name label that do not change the field (`Company English Name`). */
export const NAME_QUALIFIERS = /\b(?:english|chinese|local|latin|native|full|legal|registered|official)\s+/g;

/**
 * A contact name that names a function, not a person (`Domain Administrator`, `DNS Admin`,
 * `Hostmaster`, `Domain manager`, `Technical Department`): no Person is made of it.
 */
export function isRoleName(name: string): boolean {
  return ROLE_NAME.test(name.trim());
}

const ROLE_NAME =
  /^(?:(?:the\s+)?(?:domains?|dns|hostmaster|host|web|it|network|technical|tech|admin|administrative|billing|system|systems|internet|noc|registry|legal|abuse|support|customer)\s*(?:name\s*)?(?:administrator|admin|administration|manager|management|master|contact|department|dept\.?|team|support|services?|operations|ops|desk|group|center|centre|role)s?|hostmaster|postmaster|webmaster|domain\s*admin(?:istrator)?|administrator|(?:dns|domain)\s+(?:team|role))$/i;
