/** The product source files the architecture tests read: src/, tests and declaration files left out. */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const repositoryRoot = path.resolve(import.meta.dirname, '../..');
export const srcDir = path.join(repositoryRoot, 'src');

export function productFiles(dir: string = srcDir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      return name === 'dom-test' ? [] : productFiles(full);
    }
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}
