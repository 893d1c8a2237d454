/**
 * The folders import one way: cli/ (the command line) sits on src/ (the core) and testkit/;
 * testkit/ sits on src/; generators/ on src/ and cli/; the guard rules' rule.ts on src/.
 * Nothing imports a layer above it, and no chain of value imports comes back to where it
 * started (docs/architecture.md, "Which folder imports which").
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT, tempDir } from '../helpers/cli.js';
import { describeImport, importsOf, typeScriptFiles, valueImportCycles, wrongWayImports, type ImportEdge } from '../helpers/imports.js';

/** Each layer and the layers it may import (itself included); test/ and bench/ may import anything. */
const MAY_IMPORT: Record<string, string[]> = {
  src: ['src'],
  testkit: ['testkit', 'src'],
  generators: ['generators', 'src', 'cli'],
  cli: ['cli', 'src', 'testkit', 'generators'],
  templates: ['templates', 'src'],
};

const SCANNED = ['src', 'cli', 'testkit', 'generators', 'templates', 'test', 'bench'];

function importsUnder(root: string): ImportEdge[] {
  return typeScriptFiles(root, SCANNED).flatMap((file) => importsOf(root, file));
}

function cycleText(chain: ImportEdge[]): string {
  return chain.map(describeImport).join('\n  → ');
}

describe('import direction', () => {
  const edges = importsUnder(REPO_ROOT);

  it('reads the imports of the whole tree (the check is not looking at an empty list)', () => {
    expect(edges.some((edge) => edge.from.startsWith('cli/') && edge.to.startsWith('testkit/replay/'))).toBe(true);
    expect(edges.some((edge) => edge.from.startsWith('testkit/') && edge.to.startsWith('src/'))).toBe(true);
    expect(edges.some((edge) => edge.dynamic)).toBe(true);
  });

  it('no folder imports a layer above it: src/ nothing outside src/, testkit/ not cli/', () => {
    expect(wrongWayImports(edges, MAY_IMPORT).map(describeImport)).toEqual([]);
  });

  it('no cycle of value imports (static or import())', () => {
    expect(valueImportCycles(edges).map(cycleText)).toEqual([]);
  });
});

describe('the check itself, on a made-up tree', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function tree(files: Record<string, string>): ImportEdge[] {
    root = tempDir('ralph-hooks-imports-');
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return importsUnder(root);
  }

  it('names the file and line of an import from src/ into testkit/ or cli/, type imports included', () => {
    const edges = tree({
      'src/plan.ts': "import { join } from 'node:path';\n\nimport { runHook } from '../testkit/run-hook.js';\n",
      'src/report.ts': "export type { Args } from '../cli/commands/args.js';\n",
      'testkit/run-hook.ts': "export async function runHook() { return (await import('../cli/main.js')).main; }\n",
      'cli/main.ts': 'export const main = 1;\n',
      'cli/commands/args.ts': 'export type Args = string[];\n',
    });
    expect(wrongWayImports(edges, MAY_IMPORT).map(describeImport)).toEqual([
      'src/plan.ts:3 imports testkit/run-hook.ts',
      'src/report.ts:1 type-imports cli/commands/args.ts',
      'testkit/run-hook.ts:1 import()s cli/main.ts',
    ]);
  });

  it('finds a value cycle, also through import() and a re-export, and leaves out one closed only by types', () => {
    const edges = tree({
      'src/a.ts': "import { b } from './b.js';\nexport const a = b;\n",
      'src/b.ts': "export * from './c.js';\nexport const b = 1;\n",
      'src/c.ts': "export const c = () => import('./a.js');\n",
      'src/d.ts': "import type { E } from './e.js';\nimport { type F } from './f.js';\nexport type D = E | F;\n",
      'src/e.ts': "import { d } from './d.js';\nexport type E = typeof d;\n",
      'src/f.ts': "import './d.js';\nexport type F = 1;\n",
    });
    expect(valueImportCycles(edges).map(cycleText)).toEqual([
      'src/a.ts:1 imports src/b.ts\n  → src/b.ts:1 imports src/c.ts\n  → src/c.ts:1 import()s src/a.ts',
    ]);
  });
});
