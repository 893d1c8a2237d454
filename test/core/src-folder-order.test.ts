/**
 * Inside src/, the folders (and the files at its top) import one way: each may import the ones
 * below it in SRC_ORDER, never one above, so no two folders import each other
 * (docs/architecture.md, "Which folder imports which"). Type imports count, as in the
 * import-direction test: a type from above ties the code to the layer above as much as a value.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT, tempDir } from '../helpers/cli.js';
import { describeImport, importsOf, typeScriptFiles, type ImportEdge } from '../helpers/imports.js';

/** src/'s folders and top files, lowest first: each imports only those before it (and itself). */
export const SRC_ORDER = [
  'util', // helpers with no knowledge of hooks: errors, JSON text, files, regex escapes
  'hook-types.ts', // the leaf types every layer shares
  'zod-api.ts', // the parts of zod we use, by name
  'zod.ts',
  'loop-record', // the loop record's line, prices and budgets: what the stop-watchers write and the report reads
  'package-managers',
  'registration', // merging our handlers into an agent's hook file
  'targets', // one file per agent
  'hook-events.ts', // the events table, derived from the targets
  'presets',
  'config',
  'formatters',
  'generate',
  'uninstall', // ralph-hooks uninstall's plan (what goes, what changes, what is left to you) and its writing, above generate
  'diagnose',
  'report', // ralph-hooks report: reads the loop record and the end record (diagnose)
  'watch', // ralph-hooks watch: the loop record read as it grows, with the report's readers and words
  'index.ts',
] as const;

/** The layer of a file under src/: its folder, or the file itself at src/'s top. */
export function srcLayer(file: string): string {
  return file.split('/')[1]!;
}

/** The imports between src/ layers that go up SRC_ORDER, or touch a layer missing from it. */
export function importsAgainstOrder(edges: ImportEdge[], order: readonly string[] = SRC_ORDER): string[] {
  return edges
    .filter((edge) => edge.from.startsWith('src/') && edge.to.startsWith('src/'))
    .flatMap((edge) => {
      const from = order.indexOf(srcLayer(edge.from));
      const to = order.indexOf(srcLayer(edge.to));
      if (from < 0 || to < 0) return [`${describeImport(edge)}: ${from < 0 ? srcLayer(edge.from) : srcLayer(edge.to)} is not in SRC_ORDER`];
      return to > from ? [`${describeImport(edge)}: ${srcLayer(edge.from)} is below ${srcLayer(edge.to)}`] : [];
    });
}

const srcEdges = (root: string) => typeScriptFiles(root, ['src']).flatMap((file) => importsOf(root, file));

describe('src/ folders import one way', () => {
  const edges = srcEdges(REPO_ROOT);

  it('reads the imports between src/ folders (the check is not looking at an empty list)', () => {
    const between = edges.filter((edge) => srcLayer(edge.from) !== srcLayer(edge.to));
    expect(between.length).toBeGreaterThan(50);
    expect(between.some((edge) => srcLayer(edge.from) === 'generate' && srcLayer(edge.to) === 'registration')).toBe(true);
  });

  it('every folder and top file of src/ has its place in the order', () => {
    const layers = new Set(typeScriptFiles(REPO_ROOT, ['src']).map(srcLayer));
    expect([...layers].filter((layer) => !SRC_ORDER.includes(layer as (typeof SRC_ORDER)[number])).sort()).toEqual([]);
  });

  it('no import goes up the order: generate and registration, registration and targets, generate and formatters, presets and generate each one way', () => {
    expect(importsAgainstOrder(edges)).toEqual([]);
  });
});

describe('the check itself, on a made-up src/', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('names an import from a lower folder into a higher one, type imports included, and one into a folder it does not know', () => {
    root = tempDir('ralph-hooks-src-order-');
    const files: Record<string, string> = {
      'src/presets/specum.ts': "import { ereEscape } from '../generate/render.js';\nimport { sha256 } from '../util/files.js';\n",
      'src/generate/render.ts': "export const ereEscape = (s: string) => s;\n",
      'src/registration/merge.ts': "import type { FileChange } from '../generate/plan.js';\n",
      'src/generate/plan.ts': "import { merge } from '../registration/merge.js';\nexport type FileChange = 1;\n",
      'src/util/files.ts': "import { x } from '../extra/x.js';\nexport const sha256 = 1;\n",
      'src/extra/x.ts': 'export const x = 1;\n',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    expect(importsAgainstOrder(srcEdges(root))).toEqual([
      'src/presets/specum.ts:1 imports src/generate/render.ts: presets is below generate',
      'src/registration/merge.ts:1 type-imports src/generate/plan.ts: registration is below generate',
      'src/util/files.ts:1 imports src/extra/x.ts: extra is not in SRC_ORDER',
    ]);
  });
});
