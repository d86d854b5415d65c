/**
 * No import cycle among product files (src/, tests excluded), type-only imports and re-exports
 * included: a cycle means two modules are one idea or a type sits in the wrong layer
 * (docs/architecture.md). Read with the TypeScript compiler's own import scanner.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { productFiles, repositoryRoot as root, srcDir } from './product-files';

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) {
    return undefined;
  }
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) {
        return candidate;
      }
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** Every product file and the product files it imports (type-only and re-exports included). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of productFiles(srcDir)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    graph.set(
      file,
      importedFiles
        .map((imported) => resolveImport(file, imported.fileName))
        .filter((target): target is string => target !== undefined && !/\.test\.tsx?$/.test(target)),
    );
  }
  return graph;
}

/** Strongly connected components of more than one file, or a file importing itself (Tarjan). */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) {
        cycles.push(component.map((file) => path.relative(root, file)).sort());
      }
    }
  };
  for (const node of graph.keys()) {
    if (!index.has(node)) {
      visit(node);
    }
  }
  return cycles;
}

describe('import cycles', () => {
  it('finds a cycle of two files and one of a file importing itself', () => {
    const graph = new Map([
      [path.join(root, 'a.ts'), [path.join(root, 'b.ts')]],
      [path.join(root, 'b.ts'), [path.join(root, 'a.ts')]],
      [path.join(root, 'c.ts'), [path.join(root, 'c.ts')]],
      [path.join(root, 'd.ts'), [path.join(root, 'a.ts')]],
    ]);
    expect(cyclesOf(graph)).toEqual([['a.ts', 'b.ts'], ['c.ts']]);
  });

  it('has no import cycle among the product files under src/, type-only imports included', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(100);
    expect(cyclesOf(graph)).toEqual([]);
  });
});
