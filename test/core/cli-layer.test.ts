/**
 * cli/ is the terminal layer: it parses flags, prompts and prints; what a command removes,
 * restores or writes into a project is decided and written in src/ (docs/architecture.md).
 * The checkable form of "cli/ holds no planning" here:
 *   1. no cli/ file imports a function of node:fs that writes (writeFileSync, rmSync, unlinkSync,
 *      renameSync, mkdirSync… or the whole module), except the few listed below, each with the
 *      exact functions it may use and why; the list cannot go stale (each entry is still used);
 *   2. uninstall takes its plan and its writing from src/uninstall/, and reads no file itself.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';
import { importsOf, typeScriptFiles } from '../helpers/imports.js';

const FS_MODULES = new Set(['node:fs', 'fs', 'node:fs/promises', 'fs/promises']);

/** node:fs functions that change the disk (the Sync, callback and promise forms share the name less "Sync"). */
const WRITES = new Set([
  'writeFile', 'appendFile', 'mkdir', 'mkdtemp', 'rm', 'rmdir', 'unlink', 'rename', 'copyFile', 'cp',
  'symlink', 'link', 'chmod', 'lchmod', 'fchmod', 'chown', 'lchown', 'fchown', 'truncate', 'ftruncate',
  'utimes', 'lutimes', 'futimes', 'open', 'write', 'writev', 'createWriteStream',
]);

/** What a whole-module import (`import * as fs`, `import fs`, `import('node:fs')`) is reported as: it can write anything. */
const WHOLE_MODULE = '* (the whole module)';

/**
 * The cli/ files that write with node:fs themselves, what each may use, and why it is terminal
 * work rather than a plan for the project.
 */
export const CLI_FS_WRITERS: Record<string, { allowed: string[]; why: string }> = {
  'cli/commands/bats.ts': {
    allowed: ['mkdirSync', 'mkdtempSync', 'renameSync', 'rmSync', 'writeFileSync'],
    why: 'copies the bundled bats into its own cache folder to run it; nothing in the project is planned or touched',
  },
  'cli/commands/init.ts': {
    allowed: ['mkdirSync'],
    why: 'init --dir makes the one missing folder it names (as mkdir would): where the project is, resolved from the flag before any plan; what goes into it is planned in src/',
  },
  'cli/commands/test.ts': {
    allowed: ['mkdirSync', 'writeFileSync'],
    why: 'writes the test report to the file named by --reporter … :file, the way it prints to stdout',
  },
  'cli/commands/report.ts': {
    allowed: ['mkdirSync', 'writeFileSync'],
    why: 'writes the rendered report to the path given with --out: output, like printing it',
  },
  'cli/commands/record.ts': {
    allowed: ['appendFileSync'],
    why: 'appends the failure line to its own log when recording fails (the fail-open path), in place of printing',
  },
  'cli/commands/schema.ts': {
    allowed: ['writeFileSync'],
    why: 'schema --write is the build step that writes the schema files and config reference into this repository, not into a project',
  },
};

/** Each node:fs write (or whole-module import) in one file's text, as "file:line name". */
export function fsWritesIn(file: string, text: string): { name: string; line: number }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { name: string; line: number }[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node): void => {
    const declaration = ts.isImportDeclaration(node) || ts.isExportDeclaration(node) ? node : undefined;
    if (declaration?.moduleSpecifier && ts.isStringLiteralLike(declaration.moduleSpecifier) && FS_MODULES.has(declaration.moduleSpecifier.text)) {
      const line = lineOf(declaration);
      const clause = ts.isImportDeclaration(declaration) ? declaration.importClause : undefined;
      const named = ts.isImportDeclaration(declaration) ? (clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings : undefined) : declaration.exportClause && ts.isNamedExports(declaration.exportClause) ? declaration.exportClause : undefined;
      const whole = ts.isImportDeclaration(declaration) ? !!clause?.name || (!!clause?.namedBindings && ts.isNamespaceImport(clause.namedBindings)) : !declaration.exportClause || ts.isNamespaceExport(declaration.exportClause);
      if (whole) found.push({ name: WHOLE_MODULE, line });
      for (const element of named?.elements ?? []) {
        const name = (element.propertyName ?? element.name).text;
        if (WRITES.has(name.replace(/Sync$/, ''))) found.push({ name, line });
      }
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier && ts.isStringLiteralLike(specifier) && FS_MODULES.has(specifier.text)) found.push({ name: WHOLE_MODULE, line: lineOf(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The writes in cli/ files that their entry in `writers` does not allow. */
export function disallowedWrites(files: { file: string; text: string }[], writers = CLI_FS_WRITERS): string[] {
  return files.flatMap(({ file, text }) =>
    fsWritesIn(file, text)
      .filter(({ name }) => !writers[file]?.allowed.includes(name))
      .map(({ name, line }) => `${file}:${line} imports ${name} from node:fs: write through src/, or list it in CLI_FS_WRITERS with a reason`),
  );
}

const cliFiles = () => typeScriptFiles(REPO_ROOT, ['cli']).map((file) => ({ file, text: readFileSync(join(REPO_ROOT, file), 'utf8') }));

describe('cli/ holds no planning', () => {
  it('reads the cli/ files (the check is not looking at an empty list)', () => {
    const files = cliFiles();
    expect(files.length).toBeGreaterThan(15);
    expect(files.some(({ file }) => file === 'cli/commands/uninstall.ts')).toBe(true);
    // The parser sees the writes that are there: the listed ones are found.
    expect(fsWritesIn('cli/commands/bats.ts', files.find(({ file }) => file === 'cli/commands/bats.ts')!.text).map(({ name }) => name)).toContain('renameSync');
  });

  it('no cli/ file imports a node:fs write function, but the listed ones, each with its reason', () => {
    expect(disallowedWrites(cliFiles())).toEqual([]);
  });

  it('the list of exceptions is not stale: each file exists and still uses every function it is allowed', () => {
    const files = new Map(cliFiles().map(({ file, text }) => [file, text]));
    for (const [file, { allowed, why }] of Object.entries(CLI_FS_WRITERS)) {
      expect(files.has(file), file).toBe(true);
      expect(why.length, file).toBeGreaterThan(20);
      expect(fsWritesIn(file, files.get(file)!).map(({ name }) => name).sort(), file).toEqual([...allowed].sort());
    }
  });

  it('uninstall takes its plan and its writing from src/uninstall/, and reads no file itself', () => {
    const file = 'cli/commands/uninstall.ts';
    const text = readFileSync(join(REPO_ROOT, file), 'utf8');
    const targets = importsOf(REPO_ROOT, file).map((edge) => edge.to);
    expect(targets).toContain('src/uninstall/plan.ts');
    expect(targets).toContain('src/uninstall/apply.ts');
    expect(text).toMatch(/import \{[^}]*\bplanUninstall\b[^}]*\} from '\.\.\/\.\.\/src\/uninstall\/plan\.js'/);
    // Not even a read: what exists on disk is the plan's business.
    expect(text).not.toMatch(/from 'node:fs|from 'fs|import\('(node:)?fs/);
    expect(text.split('\n').length).toBeLessThan(300);
  });

  it('no file of the uninstall plan in src/ is over 300 lines', () => {
    for (const file of typeScriptFiles(REPO_ROOT, ['src/uninstall'])) {
      expect(readFileSync(join(REPO_ROOT, file), 'utf8').split('\n').length, file).toBeLessThanOrEqual(300);
    }
  });
});

describe('the rule can fail', () => {
  it('flags a made-up cli/ file that removes files itself', () => {
    const text = `import { existsSync, rmSync as remove, unlinkSync } from 'node:fs';\nimport { writeFile } from 'node:fs/promises';\nexport function run() { remove('x'); }\n`;
    expect(disallowedWrites([{ file: 'cli/commands/made-up.ts', text }])).toEqual([
      'cli/commands/made-up.ts:1 imports rmSync from node:fs: write through src/, or list it in CLI_FS_WRITERS with a reason',
      'cli/commands/made-up.ts:1 imports unlinkSync from node:fs: write through src/, or list it in CLI_FS_WRITERS with a reason',
      'cli/commands/made-up.ts:2 imports writeFile from node:fs: write through src/, or list it in CLI_FS_WRITERS with a reason',
    ]);
  });

  it('flags a whole-module import, a dynamic one and a re-export: each can write anything', () => {
    const text = `import * as fs from 'node:fs';\nimport fsDefault from 'fs';\nexport { renameSync } from 'node:fs';\nconst later = () => import('node:fs/promises');\n`;
    expect(fsWritesIn('cli/x.ts', text)).toEqual([
      { name: WHOLE_MODULE, line: 1 },
      { name: WHOLE_MODULE, line: 2 },
      { name: 'renameSync', line: 3 },
      { name: WHOLE_MODULE, line: 4 },
    ]);
  });

  it('reads are not writes; an allowance is per file and per function', () => {
    expect(disallowedWrites([{ file: 'cli/commands/made-up.ts', text: `import { existsSync, readFileSync, statSync, lstatSync, readdirSync } from 'node:fs';\n` }])).toEqual([]);
    // report.ts may write its --out file, not remove one.
    expect(disallowedWrites([{ file: 'cli/commands/report.ts', text: `import { mkdirSync, rmSync, writeFileSync } from 'node:fs';\n` }])).toEqual([
      'cli/commands/report.ts:1 imports rmSync from node:fs: write through src/, or list it in CLI_FS_WRITERS with a reason',
    ]);
  });

  it("flags uninstall's old shape: planning and removing in cli/", () => {
    const old = `import { existsSync, lstatSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';\n`;
    expect(disallowedWrites([{ file: 'cli/commands/uninstall.ts', text: old }])).toHaveLength(2);
  });
});
