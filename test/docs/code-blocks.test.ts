/**
 * Every fenced code block in README.md and docs/*.md is checked by a test, as written. A block's
 * info string says how (docs/architecture.md, "Code blocks in the docs"):
 *
 *   ```sh run       run with bash -e in the doc's own scratch project (after `ralph-hooks init --yes
 *                   --guard none` unless the doc's first run block starts with an init), in order with the doc's
 *                   other run and output blocks
 *   ```sh e2e       every command line is run verbatim by test/e2e/registry.mjs (npm install, npm init
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
 * The run and output blocks are run by test/e2e/docs-run.test.ts (they start vitest, bats and
 * the CLI many times); the projects are test/helpers/doc-projects.ts's.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load.js';
import { parseCase } from '../../testkit/replay/case-schema.js';
import { e2eScripts, REPO_ROOT } from '../helpers/cli.js';
import { openingFences, type CodeBlock } from '../helpers/code-blocks.js';
import { BLOCKS, DOCS, docProject, key, label, shell } from '../helpers/doc-projects.js';

/** Each doc's text, beside its parsed BLOCKS, for the checks that the parsing found them all. */
const DOC_TEXTS: [string, string][] = DOCS.map((file) => [file, readFileSync(join(REPO_ROOT, file), 'utf8')]);

/** Blocks that are not run, by `file: first line`, each with its reason. */
const NOT_RUN: Record<string, string> = {
  'README.md: npm install && npm run demo    # generate hooks into ./demo  (another folder: npm run demo -- --dir ../my-repo)':
    "the repository's own commands: test/docs/readme.test.ts runs the demo, and .ci/run runs npm test",
  'docs/architecture.md: bin/ralph-hooks.js        three-line shim → dist/bin/ralph-hooks.js, the CLI bundled by the build (scripts/bundle-cli.mjs)': 'a map of the source tree, not a command',
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

  it.each(pick(['json'], ''))('%s parses as JSON', (_, block, kind) => {
    if (!block) return assertNone(kind);
    expect(() => JSON.parse(block.body)).not.toThrow();
  });
  it.each(pick(['json'], 'case'))('%s is a valid case', (_, block, kind) => {
    if (!block) return assertNone(kind);
    expect(() => parseCase(block.body, block.file)).not.toThrow();
  });
  it.each(pick(['toml'], ''))('%s parses as TOML', (_, block, kind) => {
    if (!block) return assertNone(kind);
    expect(() => parseToml(block.body)).not.toThrow();
  });
  it.each(pick(['ts'], ''))('%s is code a test runs', (_, block, kind) => {
    if (!block) return assertNone(kind);
    if (!NOT_RUN[key(block)]) expect(squash(TEST_SOURCES)).toContain(squash(block.body));
  });
  it.each(pick(['sh', 'bash'], 'e2e'))('%s: each line is run by test/e2e/registry.mjs (or a shape it runs)', (_, block, kind) => {
    if (!block) return assertNone(kind);
    for (const line of block.body.split('\n').map((l: string) => l.replace(/\s+#.*$/, '').trim()).filter(Boolean)) expect(E2E, line).toContain(line);
  });
});

describe('config examples', () => {
  it.each(pick(['json'], 'config'))('%s is valid and generates without removing a file', (_, block, kind) => {
    if (!block) return assertNone(kind);
    const config = JSON.parse(block.body);
    validateConfig(config);
    const root = docProject();
    expect(shell('npx ralph-hooks init --yes --quiet', root).status).toBe(0);
    writeFileSync(join(root, 'ralph-hooks.config.json'), block.body);
    const result = shell('npx ralph-hooks generate', root);
    expect(result.status, result.output).toBe(0);
    expect(result.output).not.toMatch(/\bremove\b/);
    expect(shell('npx ralph-hooks doctor', root).status).toBe(0);
  }, 240_000);
});

/** A kind of block: its languages and its role. */
interface Kind {
  langs: string[];
  role: string;
}

/**
 * The blocks of a kind, as test rows; when there are none, one "(none)" row, which checks
 * that there are none indeed (assertNone): a row that passed on nothing would pass just as
 * well with a parser that finds no block at all.
 */
function pick(langs: string[], role: string): [string, CodeBlock | undefined, Kind][] {
  const kind = { langs, role };
  const found = BLOCKS.filter((b) => langs.includes(b.lang) && b.role === role).map((b): [string, CodeBlock | undefined, Kind] => [label(b), b, kind]);
  return found.length ? found : [[`(none: ${langs.join('/')}${role ? ` ${role}` : ''})`, undefined, kind]];
}

/**
 * A "(none)" row's check: blocks were parsed at all, and the docs' text, read line by line
 * apart from the parser, opens no fence of this kind.
 */
function assertNone(kind: Kind, blocks: CodeBlock[] = BLOCKS, texts: [string, string][] = DOC_TEXTS): void {
  expect(blocks.length, 'no code block was parsed from README.md and docs/: the parser or the list of docs is broken').toBeGreaterThan(0);
  const unparsed = texts.flatMap(([file, text]) =>
    openingFences(text)
      .filter(({ info }) => {
        const [lang = '', role = ''] = info.trim().split(/\s+/);
        return kind.langs.includes(lang) && role === kind.role;
      })
      .map(({ line, info }) => `${file}:${line}: \`\`\`${info}`),
  );
  expect(unparsed, 'blocks of this kind in the docs that the parser did not find').toEqual([]);
}

describe('the checks of the code blocks can fail', () => {
  it('every opening fence in the docs, read line by line, is a parsed block', () => {
    for (const [file, text] of DOC_TEXTS) expect(BLOCKS.filter((b) => b.file === file).length, file).toBe(openingFences(text).length);
    expect(BLOCKS.length).toBeGreaterThan(0);
  });

  it('a "(none)" row fails when nothing was parsed, or when the docs hold a block of its kind the parser missed', () => {
    const kind = { langs: ['json'], role: 'case' };
    const some = BLOCKS.slice(0, 1);
    expect(() => assertNone(kind, [], [['a.md', 'no blocks here\n']])).toThrow(/no code block was parsed/);
    expect(() => assertNone(kind, some, [['a.md', '```json case\n{}\n```\n']])).toThrow(/a\.md:1: ```json case/);
    expect(() => assertNone(kind, some, [['a.md', '```json\n{}\n```\n```json config\n{}\n```\n']])).not.toThrow();
  });
});

