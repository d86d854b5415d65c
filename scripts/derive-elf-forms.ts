/**
 * Derives src/shared/names/elf-forms.json from GLEIF's ISO 20275 Entity Legal Forms code list
 * (CSV, CC0). Run when a new version of the list is published:
 *
 *   tsx scripts/derive-elf-forms.ts <path to the CSV> <version> <publication date>
 *
 * The data file keeps, per ELF code, its country, local (and transliterated) name and
 * abbreviations, and an index from every spelling's key (shared/names/fold.ts `legalFormKey`)
 * to the codes it names per country, and the initials of its Latin-script names. Nothing is typed
 * by hand: every spelling comes from the list.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { foldedWords, isLatinScript, legalFormKey } from '../src/shared/names/fold';

type Row = Record<string, string>;

const COLUMN = {
  code: 'ELF Code',
  country: 'Country Code (ISO 3166-1)',
  subdivision: 'Country sub-division code (ISO 3166-2)',
  localName: 'Entity Legal Form name Local name',
  transliteratedName: 'Entity Legal Form name Transliterated name (per ISO 01-140-10)',
  abbreviations: 'Abbreviations Local language',
  transliteratedAbbreviations: 'Abbreviations transliterated',
  status: 'ELF Status ACTV/INAC',
} as const;

/** One code: [country, local and transliterated names and abbreviations (each joined by ";"), status]. */
type FormEntry = [string, string, string, string];

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(';')
    .map((item) => item.replace(/\s+/g, ' ').trim())
    .filter((item) => item !== '');
}

function main(): void {
  const [csvPath, version, published] = process.argv.slice(2);
  if (csvPath === undefined || version === undefined || published === undefined) {
    throw new Error('usage: derive-elf-forms.ts <csv> <version> <publication date>');
  }
  const bytes = readFileSync(csvPath);
  const parsed = Papa.parse<Row>(bytes.toString('utf8'), { header: true, skipEmptyLines: true });
  if (parsed.errors.length > 0) {
    throw new Error(`the CSV does not parse: ${parsed.errors[0]?.message ?? ''}`);
  }
  const forms: Record<string, FormEntry> = {};
  const spellings: Record<string, Record<string, string[]>> = {};
  const addSpelling = (spelling: string, country: string, code: string): void => {
    const key = legalFormKey(spelling);
    if (key === '') {
      return;
    }
    const byCountry = (spellings[key] ??= {});
    const codes = (byCountry[country] ??= []);
    if (!codes.includes(code)) {
      codes.push(code);
    }
  };
  for (const row of parsed.data) {
    const code = row[COLUMN.code]?.trim() ?? '';
    const country = row[COLUMN.country]?.trim() ?? '';
    if (code === '' || country === '') {
      continue; // 8888 / 9999: no legal form on the list
    }
    // A trailing parenthesis qualifies a name ("Société à responsabilité limitée (sans autre
    // indication)"): the name without it is how registries and investigators write the form.
    const listed = [row[COLUMN.localName], row[COLUMN.transliteratedName]].flatMap(splitListOne);
    const names = [...new Set(listed.flatMap((name) => [name, name.replace(/\s*\([^()]*\)$/u, '')]))];
    const abbreviations = [
      ...splitList(row[COLUMN.abbreviations]),
      ...splitList(row[COLUMN.transliteratedAbbreviations]),
    ];
    const entry = (forms[code] ??= [country, '', '', row[COLUMN.status]?.trim() ?? '']);
    // One row per language: a code gathers every language's names and abbreviations.
    entry[1] = [...new Set([...splitList(entry[1]), ...names])].join(';');
    entry[2] = [...new Set([...splitList(entry[2]), ...abbreviations])].join(';');
    for (const spelling of [...names, ...abbreviations]) {
      addSpelling(spelling, country, code);
    }
    // Investigators abbreviate a name the list gives without the abbreviation they use ("SCS" for
    // Luxembourg's "Société en commandite simple", listed as SECS): its initials, words of four
    // letters or more, for names of two to five such words in Latin script.
    for (const name of names.filter(isLatinScript)) {
      const significant = foldedWords(name).filter((word) => word.length > 3);
      if (significant.length >= 2 && significant.length <= 5) {
        addSpelling(significant.map((word) => word[0]).join(''), country, code);
      }
    }
  }
  const out = {
    source: {
      list: 'ISO 20275 Entity Legal Forms (ELF) code list',
      publisher: 'GLEIF (gleif.org), CC0 1.0',
      version,
      published,
      file: path.basename(csvPath),
      sha256: createHash('sha256').update(bytes).digest('hex'),
      rows: parsed.data.length,
      derivedBy: 'scripts/derive-elf-forms.ts',
      initials: 'names of 2-5 words of 4+ letters also spelled by their initials',
    },
    forms,
    spellings,
  };
  const target = path.resolve(import.meta.dirname, '../src/shared/names/elf-forms.json');
  writeFileSync(target, `${JSON.stringify(out)}\n`);
  process.stdout.write(
    `${Object.keys(forms).length} codes, ${Object.keys(spellings).length} spellings -> ${target}\n`,
  );
}

function splitListOne(value: string | undefined): string[] {
  const text = (value ?? '').replace(/\s+/g, ' ').trim();
  return text === '' ? [] : [text];
}

main();
