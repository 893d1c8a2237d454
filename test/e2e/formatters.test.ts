/**
 * The project's own formatter (prettier, Biome, dprint) over what ralph-hooks generates: the
 * real formatter, with the project's config, run the way a project runs it (`prettier --write .`,
 * `biome check --write .`, `dprint fmt`), must find nothing to change, and generate, doctor and
 * the workflow's `generate --on-conflict=fail` must see no hand edit. One project per formatter,
 * its node_modules a link to this repository's.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFormatters, meaningChanged } from '../../src/formatters/index.js';
import { REPO_ROOT, ralphHooks, tempDir } from '../helpers/cli.js';

const MODULES = join(REPO_ROOT, 'node_modules');
const TEST_FILE = 'test/hooks/stop-watcher.vitest.ts';
const HOOK = '.claude/hooks/stop-watcher.sh';
const MERGED = ['package.json', '.claude/settings.json', 'ralph-hooks.config.json', '.ralph-hooks/manifest.json'];

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A project folder with this repository's node_modules and the given files. */
function project(files: Record<string, string>, { modules = true } = {}): string {
  const root = tempDir('ralph-hooks-formatter-');
  made.push(root);
  if (modules) symlinkSync(MODULES, join(root, 'node_modules'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** Every file's text, node_modules and .git left out. */
function contents(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== '.git') walk(path);
      else if (entry.isFile()) out[relative(root, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(root);
  return out;
}

/** The formatter's own command line, run in the project. */
function run(root: string, script: string, args: string[]) {
  const result = spawnSync(process.execPath, [join(MODULES, script), ...args], { cwd: root, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const read = (root: string, path: string) => readFileSync(join(root, path), 'utf8');

function init(root: string) {
  const result = ralphHooks(['init', '--yes', '--guard', 'none'], { cwd: root });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
}

/** The checks every formatter's project passes after the formatter ran over it. */
function expectNoHandEdit(root: string) {
  const before = contents(root);
  const generate = ralphHooks(['generate', '--on-conflict=fail'], { cwd: root });
  expect(generate.stdout + generate.stderr).toContain('Everything is up to date');
  expect(generate.status).toBe(0);
  expect(contents(root)).toEqual(before);
  const doctor = ralphHooks(['doctor'], { cwd: root });
  expect(doctor.stdout).toContain('All is well');
  expect(doctor.status).toBe(0);
}

function expectHandEditIsAConflict(root: string) {
  appendFileSync(join(root, TEST_FILE), '// my own test\n');
  const generate = ralphHooks(['generate', '--on-conflict=fail'], { cwd: root });
  expect(generate.status).toBe(2);
  expect(generate.stderr).toContain(`${TEST_FILE} (edited by hand since ralph-hooks wrote it)`);
  const doctor = ralphHooks(['doctor'], { cwd: root });
  expect(doctor.status).toBe(1);
  expect(doctor.stdout).toContain(`✗ RH09 ${TEST_FILE} differs from what ralph-hooks wrote (edited by hand).`);
}

describe('prettier, with the project\'s .prettierrc and .prettierignore', () => {
  let root: string;
  let plain: string;
  beforeAll(() => {
    root = project({
      '.prettierrc': JSON.stringify({ semi: false, singleQuote: true, tabWidth: 4, printWidth: 80 }),
      '.prettierignore': 'test/hook-cases/stop-watcher/silent-*.case.json\n',
      'package.json': `${JSON.stringify({ name: 'formatted', private: true, devDependencies: { prettier: '3.10.1' } }, null, 2)}\n`,
    });
    // The project's own files, formatted before ralph-hooks comes in.
    expect(run(root, 'prettier/bin/prettier.cjs', ['--write', '.']).status).toBe(0);
    init(root);
    // The same project without a formatter: what ralph-hooks renders.
    plain = project({ 'package.json': `${JSON.stringify({ name: 'formatted', private: true, devDependencies: { prettier: '3.10.1' } }, null, 2)}\n` });
    init(plain);
  });

  it('writes what prettier makes of it: prettier --write . changes nothing, and generate, doctor and CI see no hand edit', () => {
    expect(read(root, TEST_FILE)).not.toBe(read(plain, TEST_FILE));
    expect(read(root, TEST_FILE)).not.toMatch(/;\n/);
    const before = contents(root);
    const prettier = run(root, 'prettier/bin/prettier.cjs', ['--write', '.']);
    expect(prettier.status).toBe(0);
    expect(contents(root)).toEqual(before);
    expectNoHandEdit(root);
    expect(ralphHooks(['doctor'], { cwd: root }).stdout).toContain('✓ RH23 prettier 3.10.1 (.prettierrc) formats what ralph-hooks writes');
  });

  it('leaves a file .prettierignore names, and files prettier has no parser for, as rendered', () => {
    const ignored = 'test/hook-cases/stop-watcher/silent-when-no-state-file.case.json';
    expect(read(root, ignored)).toBe(read(plain, ignored));
    expect(read(root, 'test/hook-cases/stop-watcher/continues-midway.case.json')).not.toBe(read(plain, 'test/hook-cases/stop-watcher/continues-midway.case.json'));
    expect(read(root, HOOK)).toBe(read(plain, HOOK));
    expect(read(root, 'test/hooks/stop-watcher.bats')).toBe(read(plain, 'test/hooks/stop-watcher.bats'));
  });

  it('merged files laid out another way (package.json, settings.json, the config, the manifest) are not rewritten', () => {
    for (const path of MERGED) writeFileSync(join(root, path), JSON.stringify(JSON.parse(read(root, path))));
    expectNoHandEdit(root);
    expect(run(root, 'prettier/bin/prettier.cjs', ['--write', ...MERGED]).status).toBe(0);
    expectNoHandEdit(root);
  });

  it('a config change writes formatted files, merged ones included: prettier --check passes after it', () => {
    const add = ralphHooks(['add', 'guard', '--preset', 'guard', '--on-conflict=fail'], { cwd: root });
    expect(add.stderr).toBe('');
    expect(add.status).toBe(0);
    expect(add.stdout).toMatch(/update\s+\.claude\/settings\.json/);
    const check = run(root, 'prettier/bin/prettier.cjs', ['--check', '.']);
    expect(check.output).toContain('All matched files use Prettier code style!');
    expect(check.status).toBe(0);
    expectNoHandEdit(root);
  });

  it('a change of .prettierrc: generate rewrites the files it wrote in the new layout, no conflict', () => {
    writeFileSync(join(root, '.prettierrc'), `${JSON.stringify({ semi: false, singleQuote: true, tabWidth: 2, printWidth: 80 })}\n`);
    expect(run(root, 'prettier/bin/prettier.cjs', ['--write', '.prettierrc']).status).toBe(0);
    const generate = ralphHooks(['generate', '--on-conflict=fail'], { cwd: root });
    expect(generate.status).toBe(0);
    expect(generate.stdout).toMatch(/update\s+test\/hooks\/stop-watcher\.vitest\.ts/);
    expect(read(root, TEST_FILE)).toMatch(/\n {2}[a-z]/);
    // The generated files are in the new layout; the merged ones (package.json, …) are the project's to reformat.
    expect(run(root, 'prettier/bin/prettier.cjs', ['--check', 'test', '.github', '.ralph-hooks']).status).toBe(0);
    expect(run(root, 'prettier/bin/prettier.cjs', ['--write', '.']).status).toBe(0);
    expectNoHandEdit(root);
  });

  it('not installed (a fresh clone): one line that says how to install it; generate writes nothing', () => {
    unlinkSync(join(root, 'node_modules'));
    try {
      const before = contents(root);
      const doctor = ralphHooks(['doctor'], { cwd: root });
      expect(doctor.status).toBe(1);
      const problems = doctor.stdout.split('\n').filter((line) => line.startsWith('✗'));
      expect(problems).toEqual(['✗ RH23 prettier (.prettierrc) is set up in this project but not installed: ralph-hooks formats what it writes with it, so until then it can neither write nor check the generated files.']);
      expect(doctor.stdout).toContain('fix: Install the project\'s dependencies: npm install');
      const generate = ralphHooks(['generate', '--on-conflict=fail'], { cwd: root });
      expect(generate.status).toBe(1);
      expect(generate.stderr).toContain('prettier (.prettierrc) is set up in this project but not installed');
      expect(generate.stderr).toContain('Nothing was written. Install the project\'s dependencies: npm install, then run this again.');
      expect(contents(root)).toEqual(before);
    } finally {
      symlinkSync(MODULES, join(root, 'node_modules'));
    }
    expectNoHandEdit(root);
  });

  it('a real hand edit after formatting is still a conflict', () => {
    expectHandEditIsAConflict(root);
  });
});

describe('prettier over files an older ralph-hooks wrote (the manifest holds the unformatted hashes)', () => {
  it('generate finds no conflict and records the formatted files; doctor says the manifest is behind, in one line', () => {
    const root = project({ 'package.json': `${JSON.stringify({ name: 'older', private: true }, null, 2)}\n` });
    init(root);
    writeFileSync(join(root, '.prettierrc'), 'tabWidth: 4\nsemi: false\n');
    expect(run(root, 'prettier/bin/prettier.cjs', ['--write', '.']).status).toBe(0);
    const formatted = contents(root);
    const doctor = ralphHooks(['doctor'], { cwd: root });
    const problems = doctor.stdout.split('\n').filter((line) => line.startsWith('✗'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^✗ RH09 \d+ generated file\(s\) are not what the manifest recorded, but are what generate writes now .*The manifest is behind\.$/);
    const generate = ralphHooks(['generate', '--on-conflict=fail'], { cwd: root });
    expect(generate.status).toBe(0);
    expect(generate.stdout).toMatch(/^Done: 1 updated, \d+ unchanged\.\n {2}update\s+\.ralph-hooks\/manifest\.json\n$/);
    const after = contents(root);
    expect({ ...after, '.ralph-hooks/manifest.json': '' }).toEqual({ ...formatted, '.ralph-hooks/manifest.json': '' });
    expect(run(root, 'prettier/bin/prettier.cjs', ['--check', '.']).status).toBe(0);
    expectNoHandEdit(root);
  });
});

describe('Biome, with the project\'s biome.json', () => {
  let root: string;
  beforeAll(() => {
    root = project({
      'biome.json': JSON.stringify({
        formatter: { indentStyle: 'space', indentWidth: 4 },
        javascript: { formatter: { semicolons: 'asNeeded', quoteStyle: 'single' } },
      }),
      'package.json': `${JSON.stringify({ name: 'formatted', private: true, devDependencies: { '@biomejs/biome': '2.6.8' } }, null, 2)}\n`,
    });
    expect(run(root, '@biomejs/biome/bin/biome', ['format', '--write', '.']).status).toBe(0);
    init(root);
  });

  it('biome check --write . changes nothing, and generate, doctor and CI see no hand edit', () => {
    expect(read(root, TEST_FILE)).toContain("import { fileURLToPath } from 'node:url'\n");
    const before = contents(root);
    const biome = run(root, '@biomejs/biome/bin/biome', ['check', '--write', '.']);
    expect(biome.output).toContain('No fixes applied');
    expect(biome.status).toBe(0);
    expect(run(root, '@biomejs/biome/bin/biome', ['format', '--write', '.']).status).toBe(0);
    expect(contents(root)).toEqual(before);
    expectNoHandEdit(root);
  });

  it('a real hand edit after formatting is still a conflict', () => {
    expectHandEditIsAConflict(root);
  });
});

describe('dprint, with a dprint.json whose plugins come from npm', () => {
  let root: string;
  beforeAll(() => {
    root = project({
      'dprint.json': JSON.stringify({
        indentWidth: 4,
        typescript: { semiColons: 'asi', quoteStyle: 'preferSingle' },
        json: {},
        markdown: {},
        excludes: ['**/node_modules'],
        // Plugins named by URL are downloaded on first use; these are the npm packages' files.
        plugins: ['./node_modules/@dprint/typescript/plugin.wasm', './node_modules/@dprint/json/plugin.wasm', './node_modules/@dprint/markdown/plugin.wasm'],
      }),
      'package.json': `${JSON.stringify({ name: 'formatted', private: true, devDependencies: { dprint: '0.54.0' } }, null, 2)}\n`,
    });
    expect(run(root, 'dprint/bin.cjs', ['fmt']).status).toBe(0);
    init(root);
  });

  it('dprint fmt changes nothing, and generate, doctor and CI see no hand edit', () => {
    expect(read(root, TEST_FILE)).toContain("import { fileURLToPath } from 'node:url'\n");
    const before = contents(root);
    const dprint = run(root, 'dprint/bin.cjs', ['check']);
    expect(dprint.output).toBe('');
    expect(dprint.status).toBe(0);
    expect(run(root, 'dprint/bin.cjs', ['fmt']).status).toBe(0);
    expect(contents(root)).toEqual(before);
    expectNoHandEdit(root);
  });

  it('a real hand edit after formatting is still a conflict', () => {
    expectHandEditIsAConflict(root);
  });
});

describe('a formatter that misbehaves', () => {
  it('one that cannot start: a warning naming it, the files as rendered; a generate with nothing to do does not start it', () => {
    const version = JSON.parse(read(MODULES, 'prettier/package.json')).version as string;
    const root = project({ '.prettierrc': '{ "semi": false }\n' }, { modules: false });
    mkdirSync(join(root, 'node_modules'));
    symlinkSync(join(MODULES, 'prettier'), join(root, 'node_modules/prettier'));
    init(root);
    expect(read(root, TEST_FILE)).not.toMatch(/;\n/);
    // The same version, broken: what a formatter run would hit.
    unlinkSync(join(root, 'node_modules/prettier'));
    mkdirSync(join(root, 'node_modules/prettier'));
    writeFileSync(join(root, 'node_modules/prettier/package.json'), JSON.stringify({ name: 'prettier', version, exports: { '.': { default: './index.mjs' } } }));
    writeFileSync(join(root, 'node_modules/prettier/index.mjs'), 'throw new Error("a broken install");\n');
    const idle = ralphHooks(['generate', '--on-conflict=fail'], { cwd: root });
    expect(idle.stderr).toBe('');
    expect(idle.stdout).toContain('Everything is up to date');
    const result = ralphHooks(['add', 'guard', '--preset', 'guard', '--on-conflict=fail'], { cwd: root });
    expect(result.status).toBe(0);
    expect(result.stderr).toContain('warning: prettier could not start (a broken install): the files are written as generated.');
    expect(read(root, 'test/hooks/guard.vitest.ts')).toMatch(/;\n/);
  });

  it('a plugin that would break a hook script (and prints on stdout): the script is written as rendered, with a warning', () => {
    const plugin = `
export const languages = [{ name: 'breaks-shell', parsers: ['breaks-shell'], extensions: ['.sh'] }];
export const parsers = { 'breaks-shell': { parse: (text) => ({ text }), astFormat: 'breaks-shell', locStart: () => 0, locEnd: (node) => node.text.length } };
// It also talks on stdout, as plugins sometimes do: the formatting process keeps its answer apart.
export const printers = { 'breaks-shell': { print: (path) => { console.log('formatting', path.node.text.length); return path.node.text + 'fi\\n'; } } };
`;
    const root = project({ '.prettierrc': JSON.stringify({ plugins: ['./breaks-shell.mjs'] }), 'breaks-shell.mjs': plugin });
    const result = ralphHooks(['init', '--yes', '--guard', 'none'], { cwd: root });
    expect(result.status).toBe(0);
    expect(result.stderr).toContain(`warning: prettier left a script bash cannot parse in ${HOOK}; written as generated.`);
    expect(spawnSync('bash', ['-n', join(root, HOOK)]).status).toBe(0);
  });

  it('a result that changes what a JSON file holds, or breaks a script, is thrown away', () => {
    expect(meaningChanged('a.json', '{"a": 1}', '{ "a": 1 }\n')).toBeUndefined();
    expect(meaningChanged('a.json', '{"a": 1}', '{ "a": 2 }\n')).toBe('changed the values');
    expect(meaningChanged('a.json', '{"a": 1}', '{ "a": 1, }\n')).toBe('left text that is not JSON');
    expect(meaningChanged('x.sh', 'echo hi\n', 'echo  hi\n')).toBeUndefined();
    expect(meaningChanged('x.sh', 'echo hi\n', 'echo hi\nfi\n')).toBe('left a script bash cannot parse');
    expect(meaningChanged('x.bats', '@test "a" {\n  run true\n}\n', '@test "a" {\n    run true\n}\n')).toBeUndefined();
  });
});

describe('which formatter is the project\'s', () => {
  it('its config at the root and it installed; set up but not installed is "missing"; a config alone is an editor\'s', () => {
    const names = (root: string) => {
      const { active, missing } = detectFormatters(root);
      return { active: active.map((f) => `${f.spec.name} ${f.configFile}`), missing: missing.map((f) => `${f.spec.name} ${f.configFile}`) };
    };
    expect(names(project({ 'package.json': '{}' }))).toEqual({ active: [], missing: [] });
    expect(names(project({ 'prettier.config.mjs': 'export default {}\n', 'dprint.jsonc': '{}' }))).toEqual({ active: ['prettier prettier.config.mjs', 'dprint dprint.jsonc'], missing: [] });
    expect(names(project({ 'package.json': JSON.stringify({ prettier: { semi: false } }) }))).toEqual({ active: ['prettier the "prettier" key of package.json'], missing: [] });
    expect(names(project({ 'biome.jsonc': '{}', 'package.json': JSON.stringify({ devDependencies: { '@biomejs/biome': '2.6.8' } }) }, { modules: false }))).toEqual({ active: [], missing: ['Biome biome.jsonc'] });
    expect(names(project({ '.prettierrc.yaml': 'semi: false\n' }, { modules: false }))).toEqual({ active: [], missing: [] });
  });
});
