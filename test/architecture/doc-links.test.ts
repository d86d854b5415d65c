/**
 * Every relative link of the project's docs (docs/*.md and the README) names a file or folder that
 * exists: the architecture page's step table is a map a newcomer follows file by file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** The relative link targets of a Markdown text (web links and in-page anchors left out). */
export function relativeLinks(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '');
  return [...withoutCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
    .map((target) => decodeURIComponent(target.split('#')[0]!));
}

describe('documentation links', () => {
  it('reads relative links and leaves out web links, anchors and code blocks', () => {
    const text = '[a](../src/a.ts) [b](https://x.org/y) [c](#top) [d](e.md#part)\n```\n[f](g.ts)\n```';
    expect(relativeLinks(text)).toEqual(['../src/a.ts', 'e.md']);
  });

  const pages = [
    'README.md',
    ...readdirSync(path.join(root, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => path.join('docs', name)),
  ];
  it.each(pages)('%s links only to files that exist', (page) => {
    const dir = path.dirname(path.join(root, page));
    const missing = relativeLinks(readFileSync(path.join(root, page), 'utf8')).filter(
      (target) => !existsSync(path.resolve(dir, target)),
    );
    expect(missing).toEqual([]);
  });
});
