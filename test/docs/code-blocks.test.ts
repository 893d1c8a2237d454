/**
 * Every fenced code block in README.md and docs/*.md is checked by a test, as written. A block's
 * info string says how (docs/architecture.md, "Code blocks in the docs"):
 *
 *   ```sh run       run with bash -e in the doc's own scratch project (after `ralph-hooks init --yes`
 *                   unless the doc's first run block starts with an init), in order with the doc's
 *                   other run and output blocks
 *   ```sh e2e       every command line is run verbatim by test/e2e/registry.sh (npm install, npm init
 *                   and npm test need a registry)
 *   ```text output  a transcript: each `$ command` runs in the doc's project, and what follows it up to
 *                   the next `$` is its output (stdout and stderr), compared line by line
 *   ```json config  a complete ralph-hooks.config.json: valid, and `generate` in a fresh `init --yes`
 *                   project writes it without removing any file
 *   ```json case    a replay case file: valid against the case schema
 *   ```json / ```toml   must parse
 *   ```ts           must be a verbatim copy of code in a test under test/ (so it runs there)
 *   anything else   must be listed in NOT_RUN below with the reason it is not run
 *
 * The projects use this repository as the installed ralph-hooks (node_modules linked), with
 * `npm init ralph-hooks` served by the local create-ralph-hooks: no registry, no network.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load.js';
import { parseCase } from '../../testkit/replay/case-schema.js';
import { e2eScripts, REPO_ROOT, tempDir } from '../helpers/cli.js';
import { codeBlocks, type CodeBlock } from '../helpers/code-blocks.js';

/** Blocks that are not run, by `file: first line`, each with its reason. */
const NOT_RUN: Record<string, string> = {
  'README.md: npm install && npm run demo    # generate hooks into ./demo  (another folder: npm run demo -- --dir ../my-repo)':
    "the repository's own commands: test/docs/readme.test.ts runs the demo, and .ci/run runs npm test",
  'docs/architecture.md: bin/ralph-hooks.js        three-line shim → dist/cli/main.js': 'a map of the source tree, not a command',
  'docs/ci.md: on:': 'a workflow to paste: it installs the newest client from the registry, which the tests never reach; test/cli/doctor-clients.test.ts runs doctor --clients',
  'docs/ci.md: strategy:': 'a fragment to paste into a GitHub Actions job; test/extras/workflow.test.ts checks the generated workflow',
  'docs/troubleshooting.md: Last loop end: iteration limit reached': 'the time in it changes with every run; the text output block above it runs the same record, and test/cli/status.test.ts checks this layout',
  'docs/presets.md: ---': "the layout of the loop's state file, for reference; test/presets/loop.test.ts writes and reads it",
  'docs/testkit.md: -- JSON reason does not contain the expected text --': 'an excerpt of a failure report; test/testkit/assertions.test.ts checks the messages',
  'docs/testkit.md: setup() {': 'a bats test file, not a shell session; test/bats/testkit.bats runs the same helpers',
  "docs/forgeflare.md: import { HookRunner, replayForgeflare, truncateResult, readConvergence } from 'ralph-hooks/testkit';":
    'an import line; test/forgeflare/runner.test.ts imports the same names',
  "docs/forgeflare.md: const runner = HookRunner.load('.forgeflare/hooks.toml', projectRoot, { env?, forwardStderr?, unreadStdin?, killOnTimeout?, writeFinal? });":
    'a signature (optional fields marked with ?), not code; test/forgeflare/runner.test.ts calls it',
  'docs/forgeflare.md: const { turns, stopReason, convergence, runner } = await replayForgeflare({':
    'an outline of the call with its options; test/forgeflare/runner.test.ts calls it',
};

const DOCS = ['README.md', ...readdirSync(join(REPO_ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
const BLOCKS = DOCS.flatMap((file) => codeBlocks(file, readFileSync(join(REPO_ROOT, file), 'utf8')));
const key = (block: CodeBlock) => `${block.file}: ${block.firstLine}`;
const label = (block: CodeBlock) => `${block.file} #${block.index + 1} (${[block.lang, block.role].filter(Boolean).join(' ') || 'no info string'}): ${block.firstLine.slice(0, 60)}`;

const ENV = { ...process.env, NO_COLOR: '1', npm_config_yes: '', npm_config_offline: 'true', npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false' };

/** node_modules with this repository as ralph-hooks, the local create-ralph-hooks, and the bins. */
let modules: string;
beforeAll(() => {
  modules = join(tempDir('rh-docs-modules-'), 'node_modules');
  mkdirSync(join(modules, '.bin'), { recursive: true });
  mkdirSync(join(modules, 'create-ralph-hooks'));
  for (const file of ['index.js', 'package.json']) copyFileSync(join(REPO_ROOT, 'create', file), join(modules, 'create-ralph-hooks', file));
  symlinkSync(REPO_ROOT, join(modules, 'ralph-hooks'));
  // prettier: docs/formatters.md formats a project with it.
  for (const name of ['vitest', 'bats', 'prettier']) symlinkSync(join(REPO_ROOT, 'node_modules', name), join(modules, name));
  symlinkSync('../create-ralph-hooks/index.js', join(modules, '.bin/create-ralph-hooks'));
  symlinkSync('../ralph-hooks/bin/ralph-hooks.js', join(modules, '.bin/ralph-hooks'));
  symlinkSync(join(REPO_ROOT, 'node_modules/.bin/vitest'), join(modules, '.bin/vitest'));
  symlinkSync('../prettier/bin/prettier.cjs', join(modules, '.bin/prettier'));
});

function project(): string {
  const root = tempDir('rh-docs-');
  spawnSync('git', ['init', '-q'], { cwd: root });
  symlinkSync(modules, join(root, 'node_modules'));
  return root;
}

/** Run one command line the way a user's shell would; stdout and stderr together, npm's config warnings left out. */
function shell(command: string, cwd: string): { status: number | null; output: string } {
  const result = spawnSync('bash', ['-c', `{\n${command}\n} 2>&1`], { cwd, encoding: 'utf8', env: { ...ENV, PATH: `${join(cwd, 'node_modules/.bin')}:${process.env.PATH}` }, timeout: 240_000 });
  const output = result.stdout.split('\n').filter((line) => !/^npm warn Unknown (user|env) config/.test(line)).join('\n');
  return { status: result.status, output };
}

/** `$ command` lines and the output under each. */
export function transcript(body: string): { command: string; expected: string }[] {
  const steps: { command: string; expected: string[] }[] = [];
  for (const line of body.replace(/\n$/, '').split('\n')) {
    if (line.startsWith('$ ')) steps.push({ command: line.slice(2), expected: [] });
    else if (steps.length) steps[steps.length - 1]!.expected.push(line);
    else throw new Error(`a transcript starts with "$ command"; got: ${line}`);
  }
  return steps.map((s) => ({ command: s.command, expected: s.expected.join('\n') }));
}

/** Output compared without trailing blanks; the temporary folder stands for $PWD. */
function normalize(text: string, root: string): string {
  return text.split(root).join('$PWD').split('\n').map((l) => l.trimEnd()).join('\n').trim();
}

describe('every code block in README.md and docs/ has a checked role', () => {
  it.each(BLOCKS.map((b) => [label(b), b] as const))('%s', (_, block) => {
    const known =
      (['sh', 'bash'].includes(block.lang) && ['run', 'e2e'].includes(block.role)) ||
      (block.lang === 'text' && block.role === 'output') ||
      (block.lang === 'json' && ['config', 'case', ''].includes(block.role)) ||
      (['toml', 'ts'].includes(block.lang) && block.role === '');
    if (!known) expect(NOT_RUN[key(block)], `${label(block)}: give it a role (see docs/architecture.md) or list it in NOT_RUN with a reason`).toBeTruthy();
  });

  it('NOT_RUN lists only blocks that exist', () => {
    for (const entry of Object.keys(NOT_RUN)) expect(BLOCKS.map(key), entry).toContain(entry);
  });
});

describe('static blocks', () => {
  const TEST_SOURCES = (() => {
    const out: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory() && entry.name !== 'fixtures') walk(join(dir, entry.name));
        else if (entry.name.endsWith('.ts')) out.push(readFileSync(join(dir, entry.name), 'utf8'));
      }
    };
    walk(join(REPO_ROOT, 'test'));
    return out.join('\n');
  })();
  const E2E = e2eScripts();
  const squash = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean).join('\n');

  it.each(pick(['json'], ''))('%s parses as JSON', (_, block) => {
    if (block) expect(() => JSON.parse(block.body)).not.toThrow();
  });
  it.each(pick(['json'], 'case'))('%s is a valid case', (_, block) => {
    if (block) expect(() => parseCase(block.body, block.file)).not.toThrow();
  });
  it.each(pick(['toml'], ''))('%s parses as TOML', (_, block) => {
    if (block) expect(() => parseToml(block.body)).not.toThrow();
  });
  it.each(pick(['ts'], ''))('%s is code a test runs', (_, block) => {
    if (block && !NOT_RUN[key(block)]) expect(squash(TEST_SOURCES)).toContain(squash(block.body));
  });
  it.each(pick(['sh', 'bash'], 'e2e'))('%s: each line is run by test/e2e/registry.sh (or a shape it runs)', (_, block) => {
    if (!block) return;
    for (const line of block.body.split('\n').map((l: string) => l.replace(/\s+#.*$/, '').trim()).filter(Boolean)) expect(E2E, line).toContain(line);
  });
});

describe('config examples', () => {
  it.each(pick(['json'], 'config'))('%s is valid and generates without removing a file', (_, block) => {
    if (!block) return;
    const config = JSON.parse(block.body);
    validateConfig(config);
    const root = project();
    expect(shell('npx ralph-hooks init --yes --quiet', root).status).toBe(0);
    writeFileSync(join(root, 'ralph-hooks.config.json'), block.body);
    const result = shell('npx ralph-hooks generate', root);
    expect(result.status, result.output).toBe(0);
    expect(result.output).not.toMatch(/\bremove\b/);
    expect(shell('npx ralph-hooks doctor', root).status).toBe(0);
  }, 240_000);
});

/** The blocks of a language and role, as test rows; one empty row when there are none. */
function pick(langs: string[], role: string): [string, CodeBlock | undefined][] {
  const found = BLOCKS.filter((b) => langs.includes(b.lang) && b.role === role).map((b): [string, CodeBlock | undefined] => [label(b), b]);
  return found.length ? found : [['(none)', undefined]];
}

/** Docs with run or output blocks: one project each, the blocks in order. */
const RUNNABLE = DOCS.map((file) => ({ file, blocks: BLOCKS.filter((b) => b.file === file && ((['sh', 'bash'].includes(b.lang) && b.role === 'run') || (b.lang === 'text' && b.role === 'output'))) })).filter((d) => d.blocks.length);

describe.each(RUNNABLE.map((d) => [d.file, d] as const))('%s: run and output blocks, in order', (_, doc) => {
  it('run as written', () => {
    const root = project();
    const first = doc.blocks[0]!;
    const startsWithInit = /^(\$ )?(npm init ralph-hooks|npx ralph-hooks init)/.test(first.firstLine);
    if (!startsWithInit) expect(shell('npx ralph-hooks init --yes --quiet', root).status).toBe(0);
    for (const block of doc.blocks) {
      if (block.role === 'run') {
        const result = shell(`set -e\n${block.body}`, root);
        expect(result.status, `${label(block)}\n${result.output}`).toBe(0);
        continue;
      }
      for (const { command, expected } of transcript(block.body)) {
        const result = shell(command, root);
        expect(normalize(result.output, root), `${label(block)}: $ ${command}`).toBe(normalize(expected, root));
      }
    }
  }, 600_000);
});
