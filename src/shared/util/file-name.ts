/**
 * One naming rule for every file the app writes for the user (exports, copies): the case's name
 * as a slug (lower case, ASCII letters and digits, words joined by "-", at most 40 characters),
 * an optional part ("nodes", "edges", "2x"), and the extension: `acme-holdings.graphml`,
 * `acme-holdings-nodes.csv`, `acme-holdings-2x.png`.
 */
export function fileSlug(name: string): string {
  const text = name
    .normalize('NFKD')
    // The accents NFKD splits off (é = e + ◌́) are dropped, not turned into word breaks.
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return text === '' ? 'case' : text;
}

export function exportFileName(caseName: string, extension: string, part?: string): string {
  return `${fileSlug(caseName)}${part === undefined ? '' : `-${fileSlug(part)}`}.${extension}`;
}
