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
import type { CodeBlock } from '../helpers/code-blocks.js';
import { BLOCKS, docProject, key, label, shell } from '../helpers/doc-projects.js';

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
    const root = docProject();
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

