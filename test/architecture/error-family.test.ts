/**
 * One error family (docs/architecture.md): at most three product classes extend `Error`
 * directly (the engine's EngineError with its machine `code`, main's ServiceError); every other
 * error class extends one of them, so main translates errors in one place
 * (src/main/error-replies.ts) by code instead of testing classes file by file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { productFiles, repositoryRoot as root } from './product-files';

/** The classes allowed to extend `Error` directly: the bases of the family. */
const FAMILY_BASES = ['EngineError', 'ServiceError'];

interface ClassInfo {
  name: string;
  /** The name after `extends` (without type arguments), if any. */
  base: string | undefined;
  where: string;
}

/** Every named class of a source text, with what it extends. */
export function classesOf(text: string, where: string): ClassInfo[] {
  const source = ts.createSourceFile(where, text, ts.ScriptTarget.Latest, true);
  const found: ClassInfo[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isClassDeclaration(node) || ts.isClassExpression(node)) && node.name !== undefined) {
      const heritage = node.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword);
      const base = heritage?.types[0]?.expression.getText(source);
      found.push({ name: node.name.text, base, where });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The classes extending `Error` directly, and the error classes whose chain never reaches a base. */
export function errorFamilyOf(classes: readonly ClassInfo[]): { direct: ClassInfo[]; outside: ClassInfo[] } {
  const byName = new Map(classes.map((info) => [info.name, info]));
  const direct = classes.filter((info) => info.base === 'Error');
  const reachesBase = (info: ClassInfo, seen = new Set<string>()): boolean => {
    if (FAMILY_BASES.includes(info.name)) {
      return true;
    }
    const parent = info.base === undefined ? undefined : byName.get(info.base);
    if (parent === undefined || seen.has(parent.name)) {
      return false;
    }
    seen.add(parent.name);
    return reachesBase(parent, seen);
  };
  const isErrorClass = (info: ClassInfo): boolean =>
    info.base === 'Error' ||
    (info.base !== undefined && /Error$/.test(info.base)) ||
    /Error$/.test(info.name);
  const outside = classes.filter((info) => isErrorClass(info) && !reachesBase(info));
  return { direct, outside };
}

describe('the error family', () => {
  const classes = productFiles().flatMap((file) =>
    classesOf(readFileSync(file, 'utf8'), path.relative(root, file)),
  );
  const { direct, outside } = errorFamilyOf(classes);

  it('has at most three product classes extending Error directly, and they are the family bases', () => {
    expect(direct.length).toBeLessThanOrEqual(3);
    expect(direct.map((info) => info.name).sort()).toEqual([...FAMILY_BASES].sort());
  });

  it('has every other product error class extend EngineError or ServiceError', () => {
    expect(outside.map((info) => `${info.name} (${info.where})`)).toEqual([]);
  });

  it('is checked by a detector that sees direct and stray error classes', () => {
    const sample = classesOf(
      [
        'export class EngineError extends Error {}',
        'class TeamError extends EngineError {}',
        'class ReadOnlyError extends TeamError {}',
        'class StrayError extends Error {}',
        'class Widget {}',
      ].join('\n'),
      'sample.ts',
    );
    const found = errorFamilyOf(sample);
    expect(found.direct.map((info) => info.name)).toEqual(['EngineError', 'StrayError']);
    expect(found.outside.map((info) => info.name)).toEqual(['StrayError']);
  });
});
