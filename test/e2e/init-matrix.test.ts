/**
 * Every combination `init` offers (target × stop-watcher × extras on/off) yields a green
 * project on the first run: the generated workflow's steps, its recorded cases and `doctor`
 * pass. Its own vitest and bats tests (`npm test`) run in one combination per target and per
 * stop-watcher (FULL_TESTS), and in the special ones below: a project's vitest start alone
 * costs seconds of CPU, and test/e2e/generated-project-tests.test.ts runs every preset's
 * generated tests on every target already.
 * The guard (on by default) is left out of the matrix (--guard none) but for two combinations
 * with it, each extras setting once: its own tests are test/guards/.
 *
 * Affordable: the package is packed once and unpacked into one shared node_modules whose
 * other entries link to this repository's; every matrix project links its node_modules there.
 * The projects run two at a time. The workflow's install step is skipped (node_modules is
 * there); its vitest, bats and cases steps are the commands `npm test` has just run (checked:
 * the cases step adds only its reporters, which the two `--no-package-json` combinations and
 * test/e2e/registry.mjs run). Its other steps run with the project's own bin instead of
 * through npx, which finds that same bin: npx's lookup is not what this test is about, and
 * each npx start costs a third of a second of CPU (test/e2e/registry.mjs runs them as written).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TARGETS as TARGET_REGISTRY } from '../../src/targets/index.js';
import { REPO_ROOT, tempDir } from '../helpers/cli.js';

// Every target init offers, from the registry, so a new agent joins the matrix by itself.
const TARGETS = Object.keys(TARGET_REGISTRY);
const STOP_WATCHERS = ['specum', 'speckit', 'passive', 'loop', 'none'];
const EXTRAS = ['all', 'none'];
/** Target i runs its own tests with stop-watcher i mod 5: each target and each stop-watcher once at least. */
const FULL_TESTS = (target: string, stopWatcher: string) => STOP_WATCHERS[TARGETS.indexOf(target) % STOP_WATCHERS.length] === stopWatcher;
const COMBINATIONS = [
  ...TARGETS.flatMap((target) => STOP_WATCHERS.flatMap((stopWatcher) => EXTRAS.map((extras) => ({ target, stopWatcher, extras, guard: 'none', flags: '', full: extras === 'all' && FULL_TESTS(target, stopWatcher) })))),
  // package.json left to the user: the workflow installs what the tests need without saving it.
  ...['specum', 'loop'].map((stopWatcher) => ({ target: 'claude-project', stopWatcher, extras: 'all', guard: 'none', flags: '--no-package-json', full: true })),
  // The default answer: the guard with its default rules, its tests and cases in the project.
  { target: 'claude-project', stopWatcher: 'specum', extras: 'all', guard: 'guard', flags: '', full: true },
  { target: 'forgeflare', stopWatcher: 'none', extras: 'none', guard: 'guard', flags: '', full: false },
];

const ENV = {
  ...process.env,
  NO_COLOR: '1',
  CI: 'true',
  npm_config_yes: '',
  npm_config_update_notifier: 'false',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_offline: 'true',
  GIT_AUTHOR_NAME: 'matrix',
  GIT_AUTHOR_EMAIL: 'matrix@example.invalid',
  GIT_COMMITTER_NAME: 'matrix',
  GIT_COMMITTER_EMAIL: 'matrix@example.invalid',
};

interface Step {
  name: string;
  status: number | null;
  output: string;
}

/** Run a shell command in a project, asynchronously (so two projects can run at once). */
function sh(name: string, command: string, cwd: string): Promise<Step> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', command], { cwd, env: { ...ENV, PATH: `${join(cwd, 'node_modules/.bin')}:${process.env.PATH}` } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => resolve({ name, status, output }));
  });
}

/** At most `limit` projects at once. */
function limiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
const slot = limiter(2);

/** The `run:` lines of the generated workflow, by step name. */
export function workflowSteps(yaml: string): { name: string; run: string }[] {
  const steps: { name: string; run: string }[] = [];
  const lines = yaml.split('\n');
  lines.forEach((line, index) => {
    const name = /^ {6}- name: (.+)$/.exec(line)?.[1];
    const raw = name ? /^ {8}run: (.+)$/.exec(lines[index + 1] ?? '')?.[1] : undefined;
    // A double-quoted YAML scalar with only JSON escapes (what the template writes) reads as JSON.
    const run = raw?.startsWith('"') ? (JSON.parse(raw) as string) : raw;
    if (name && run) steps.push({ name, run });
  });
  return steps;
}

let shared: string;

beforeAll(() => {
  // npm test has built dist/ already; --ignore-scripts skips the prepack build.
  const packs = tempDir('rh-matrix-pack-');
  execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', packs], { cwd: REPO_ROOT, stdio: 'pipe', env: ENV });
  const tarball = readdirSync(packs).find((f) => f.endsWith('.tgz'))!;
  shared = tempDir('rh-matrix-modules-');
  const modules = join(shared, 'node_modules');
  mkdirSync(join(modules, '.bin'), { recursive: true });
  execFileSync('tar', ['-xzf', join(packs, tarball), '-C', modules]);
  renameSync(join(modules, 'package'), join(modules, 'ralph-hooks'));
  const repoModules = join(REPO_ROOT, 'node_modules');
  for (const entry of readdirSync(repoModules)) {
    if (entry.startsWith('.') || entry === 'ralph-hooks') continue;
    symlinkSync(realpathSync(join(repoModules, entry)), join(modules, entry));
  }
  for (const bin of readdirSync(join(repoModules, '.bin'))) symlinkSync(realpathSync(join(repoModules, '.bin', bin)), join(modules, '.bin', bin));
  symlinkSync(join(modules, 'ralph-hooks/bin/ralph-hooks.js'), join(modules, '.bin/ralph-hooks'));
}, 300_000);

describe.concurrent('a fresh project is green for every init answer (packed package)', () => {
  it.each(COMBINATIONS)('--target $target --stop-watcher $stopWatcher --guard $guard --extras $extras $flags (own tests run: $full)', ({ target, stopWatcher, extras, guard, flags, full }) =>
    slot(async () => {
      const root = tempDir(`rh-matrix-${target}-${stopWatcher}-${guard}-${extras}-`);
      execFileSync('git', ['init', '-q'], { cwd: root });
      symlinkSync(join(shared, 'node_modules'), join(root, 'node_modules'));
      const steps: Step[] = [];
      const step = async (name: string, command: string) => {
        const result = await sh(name, command, root);
        steps.push(result);
        expect(result.status, `${name}: ${command}\n${result.output}`).toBe(0);
        return result;
      };

      const init = await step('init', `ralph-hooks init --yes --target ${target} --stop-watcher ${stopWatcher} --guard ${guard} --extras ${extras} ${flags}`);
      // node_modules is a link to the shared install: a user's .gitignore would leave it out.
      await step('commit', "printf 'node_modules\\n' >> .git/info/exclude && git add -A && git commit -qm init");

      if (flags === '--no-package-json') {
        expect(existsSync(join(root, 'package.json'))).toBe(false);
        const workflow = readFileSync(join(root, '.github/workflows/ralph-hooks.yml'), 'utf8');
        const install = workflowSteps(workflow).find((s) => s.name.startsWith('Install'))!;
        // What the vitest tests import, at the ranges package.json would have named (installed here already).
        expect(install.run).toMatch(/^npm install --no-save --no-package-lock ralph-hooks@\^\d+\.\d+\.\d+ vitest@\^[\d.]+( @anthropic-ai\/claude-code@\^[\d.]+)?$/);
        expect(init.output).toContain(install.run);
        for (const { name, run } of workflowSteps(workflow)) {
          if (!name.startsWith('Install')) await step(`workflow: ${name}`, run);
        }
        if (existsSync(join(root, 'test/hook-cases'))) expect(readFileSync(join(root, '.ralph-hooks/reports/hook-cases.xml'), 'utf8')).toMatch(/<testsuites? /);
      } else if (extras === 'all') {
        if (full) {
          const next = await step('npm test', 'npm test');
          expect(next.output).not.toMatch(/^not ok/m);
        }
        const workflow = readFileSync(join(root, '.github/workflows/ralph-hooks.yml'), 'utf8');
        const testHooks = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts['test:hooks'] as string;
        for (const { name, run } of workflowSteps(workflow)) {
          if (name === 'Install dependencies') continue; // node_modules is in place
          // The step as the project's own bin runs it (npx finds the same one).
          const local = run.replace(/^npx /, '');
          if (/^Hook tests/.test(name)) {
            // A command of npm test (run above when this combination runs its own tests).
            expect(testHooks.split(' && ')).toContain(local);
            continue;
          }
          if (name === 'Recorded hook cases') {
            // npm test replays the same cases (above, or here without it); this step only adds its reports.
            expect(local).toBe('ralph-hooks test --reporter human --reporter junit=.ralph-hooks/reports/hook-cases.xml');
            expect(testHooks.split(' && ')).toContain('ralph-hooks test');
            if (!full) await step('ralph-hooks test', 'ralph-hooks test');
            continue;
          }
          await step(`workflow: ${name}`, local);
        }
      } else {
        expect(existsSync(join(root, '.github/workflows'))).toBe(false);
        await step('generate --on-conflict=fail', 'ralph-hooks generate --on-conflict=fail && git diff --exit-code');
        await step('ralph-hooks test', 'ralph-hooks test');
      }
      // doctor: the workflow's "Check the setup" step ran it already; without the workflow, here.
      const doctor = steps.find((s) => s.name === 'workflow: Check the setup') ?? (await step('doctor', 'ralph-hooks doctor'));
      expect(doctor.output).toContain('All is well');
      // Nothing a step wrote is left for git to see but the reports folder.
      const status = execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' });
      expect(status.split('\n').filter((l) => l && !l.includes('reports/'))).toEqual([]);
    }),
  600_000);
});
