/**
 * What `generate` adds beside the hooks when `extras` says so: a vitest and a bats file per
 * hook (and the vitest files' own config), the preset's starter cases, a GitHub Actions workflow. They are ordinary generated
 * files (rendered, hash-tracked, conflict-safe); package.json is merged (registration/package-json.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import type { RalphHooksConfig } from '../config/schema.js';
import type { GeneratedFile } from './render-hooks.js';
import { packageVersion, TEMPLATES_DIR } from '../util/package-info.js';
import { formatJson, jsonObjectIn } from '../util/json-text.js';
import { renderTemplate } from './render.js';
import { AT_ROOT, commandFor } from '../package-managers/command.js';
import { npm } from '../package-managers/npm.js';
import { namesRalphHooks, pmCommand, projectPackageManager, rhCommand } from '../package-managers/project.js';

export const HOOK_TESTS_DIR = 'test/hooks';
export const HOOK_CASES_DIR = 'test/hook-cases';
export const HOOK_SCENARIOS_DIR = 'test/hook-scenarios';
/**
 * The hook tests' own vitest config (extras.vitest). Every command that runs them passes it:
 * without --config, vitest takes the project's config (found upward from the folder it runs
 * in), whose include, setupFiles or coverage are not ours.
 */
export const HOOK_VITEST_CONFIG = `${HOOK_TESTS_DIR}/vitest.config.cjs`;
/** The vitest command of the hook tests, as package.json runs it (the workflow puts npx in front). */
export const HOOK_VITEST_COMMAND = `vitest run --config ${HOOK_VITEST_CONFIG}`;
export const WORKFLOW_FILE = '.github/workflows/ralph-hooks.yml';
/** Inside .ralph-hooks/, whose .gitignore keeps it out of git. */
export const JUNIT_REPORT = '.ralph-hooks/reports/hook-cases.xml';

/** Versions written into a user's package.json next to ralph-hooks itself (bats comes with ralph-hooks: `ralph-hooks bats`). */
export const DEV_DEPENDENCY_RANGES = { vitest: '^4.1.12', '@anthropic-ai/claude-code': '^2.1.295' } as const;

/**
 * The vitest releases the testkit and the generated tests run on: ralph-hooks' optional peer
 * dependency on vitest (package.json) says the same.
 */
export const VITEST_FITS = /^(3\.([2-9]|[1-9]\d+)|4\.\d+)\.\d+$/;

/**
 * The vitest range for package.json: where the project already has a vitest installed (found
 * from its root up, as Node resolves it: a workspace's hoisted one too) that the tests run on,
 * that one (`^` its version), so that the install step adds no second vitest; else ours.
 */
export function vitestRange(root: string | undefined): string {
  if (root === undefined) return DEV_DEPENDENCY_RANGES.vitest;
  for (let dir = resolve(root); ; dir = dirname(dir)) {
    const manifest = join(dir, 'node_modules', 'vitest', 'package.json');
    if (existsSync(manifest)) {
      const version = jsonObjectIn(readFileSync(manifest, 'utf8'))?.version;
      return typeof version === 'string' && VITEST_FITS.test(version) ? `^${version}` : DEV_DEPENDENCY_RANGES.vitest;
    }
    if (dirname(dir) === dir) return DEV_DEPENDENCY_RANGES.vitest;
  }
}

/** What the generated tests need installed: ralph-hooks, and each test tool the extras use (`root`: reuse the project's vitest). */
export function hookDevDependencies(extras: RalphHooksConfig['extras'], root?: string): Record<string, string> {
  const dependencies: Record<string, string> = { 'ralph-hooks': `^${packageVersion()}` };
  if (extras.vitest) dependencies.vitest = vitestRange(root);
  if (extras.scenarios) dependencies['@anthropic-ai/claude-code'] = DEV_DEPENDENCY_RANGES['@anthropic-ai/claude-code'];
  return dependencies;
}

/**
 * Without package.json's devDependencies, only the vitest tests need a local install (they
 * import ralph-hooks/testkit): say what to install without saving it. bats and the cases run
 * through the package manager's one-off runner and need nothing installed.
 */
export function unsavedInstallCommand(extras: RalphHooksConfig['extras']): string | undefined {
  if (!extras.vitest) return undefined;
  const specs = Object.entries(hookDevDependencies(extras)).map(([name, range]) => `${name}@${range}`);
  return `npm install --no-save --no-package-lock ${specs.join(' ')}`;
}

/**
 * A hook's vitest file, in HOOK_TESTS_DIR. Not `<hook>.test.ts`: the default test patterns of
 * jest, vitest, Playwright and bun match that name, so the project's own test run would pick
 * the file up under its own config (jest fails on `import … from 'vitest'`). `.vitest.ts`
 * matches none of them; only the hook tests' own config (HOOK_VITEST_CONFIG) names it.
 */
export function hookVitestFile(hook: string): string {
  return `${hook}.vitest.ts`;
}

/** One configured hook, as the extras see it. */
export interface ExtraHook {
  /** The context the hook's own templates were rendered with (name, preset, kind, options…). */
  context: Record<string, unknown> & { name: string; preset: string; kind: string; contract: string };
  /** The script of its first registration, relative to the project root. */
  script: string;
  interpreter: 'bash' | 'node';
}

type Extras = RalphHooksConfig['extras'];

/**
 * A preset's starter files of one kind, as template paths: templates/<preset>/cases/*.case.json.hbs
 * (replay cases) or templates/<preset>/scenarios/*.scenario.json.hbs (real-client scenarios);
 * none if the folder is absent.
 */
function starterTemplates(presetId: string, kind: 'case' | 'scenario'): string[] {
  const folder = `${kind}s`;
  const dir = join(TEMPLATES_DIR, presetId, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(`.${kind}.json.hbs`))
    .sort()
    .map((f) => `${presetId}/${folder}/${f}`);
}

/**
 * The commands the hook tests are, in order, for the extras that are on, each as a program and
 * its arguments: package.json's `test:hooks` runs them with node_modules/.bin on PATH, and
 * `asTyped` spells them for a person or the workflow. Without hooks there are no test files,
 * and vitest and bats fail on an empty folder: only the cases run (`ralph-hooks test` passes
 * with a note when there are none).
 */
export function hookTestCommands(extras: Extras, hasHooks = true): string[] {
  const commands: string[] = [];
  if (extras.vitest && hasHooks) commands.push(HOOK_VITEST_COMMAND);
  if (extras.bats && hasHooks) commands.push(`ralph-hooks bats ${HOOK_TESTS_DIR}`);
  if (extras.cases || extras.scenarios) commands.push('ralph-hooks test');
  return commands;
}

/** The package.json script `test:hooks`, or undefined when no test extra is on. */
export function hookTestScript(extras: Extras, hasHooks = true): string | undefined {
  const commands = hookTestCommands(extras, hasHooks);
  return commands.length ? commands.join(' && ') : undefined;
}

/** One of hookTestCommands as a person types it in this project: `pnpm exec vitest …`, `npx --yes ralph-hooks@0.1.0 test`. */
export function asTyped(command: string): string {
  // Each names paths relative to the root (test/hooks, its vitest config) but `ralph-hooks test`.
  const paths = command !== 'ralph-hooks test';
  return command.startsWith('ralph-hooks ') ? rhCommand(command.slice('ralph-hooks '.length), { paths }) : pmCommand({ kind: 'bin', line: command, paths });
}

/** How a person runs the hook tests: the package.json script where there is one, else the commands themselves. */
export function hookTestRun(extras: Extras, hasHooks = true): string | undefined {
  if (extras.packageJson) return hookTestScript(extras, hasHooks) === undefined ? undefined : pmCommand({ kind: 'script', name: 'test:hooks' });
  const commands = hookTestCommands(extras, hasHooks);
  return commands.length ? commands.map(asTyped).join(' && ') : undefined;
}

/** `npx --yes ralph-hooks@<this version> <args>`: the workflow's way where package.json does not name ralph-hooks. */
function npxCommand(args: string): string {
  return commandFor(npm, AT_ROOT, { kind: 'dlx', spec: `ralph-hooks@${packageVersion()}`, args });
}

export function renderExtras(config: RalphHooksConfig, hooks: ExtraHook[]): GeneratedFile[] {
  const { extras } = config;
  const files: GeneratedFile[] = [];
  if (extras.vitest && hooks.length) {
    const context = { version: hooks[0]!.context.version, command: HOOK_VITEST_COMMAND, include: hooks.map((hook) => hookVitestFile(hook.context.name)) };
    files.push({ path: HOOK_VITEST_CONFIG, content: renderTemplate('extras/vitest.config.cjs.hbs', context), executable: false });
  }
  for (const hook of hooks) {
    const name = hook.context.name;
    const cases = extras.cases ? starterTemplates(hook.context.preset, 'case') : [];
    // Scenarios run in Claude Code; a forgeflare hook has no client to run them in.
    // The starter scenarios are written for Claude Code (its paths, its block cap).
    const scenarios = extras.scenarios && hook.context.agent === 'claude-code' ? starterTemplates(hook.context.preset, 'scenario') : [];
    const context = {
      ...hook.context,
      hook: hook.script,
      interpreter: hook.interpreter,
      casesDir: posix.join(HOOK_CASES_DIR, name),
      failClosed: hook.context.kind === 'guard',
      stopWatcher: hook.context.kind === 'stop-watcher',
      forgeflare: hook.context.contract === 'forgeflare',
      vitestCommand: HOOK_VITEST_COMMAND,
    };
    if (extras.vitest) files.push({ path: posix.join(HOOK_TESTS_DIR, hookVitestFile(name)), content: renderTemplate('extras/hook.test.ts.hbs', context), executable: false });
    if (extras.bats) files.push({ path: posix.join(HOOK_TESTS_DIR, `${name}.bats`), content: renderTemplate('extras/hook.bats.hbs', context), executable: false });
    for (const template of cases) {
      const file = posix.basename(template).replace(/\.hbs$/, '');
      const content = renderTemplate(template, context);
      files.push({ path: posix.join(HOOK_CASES_DIR, name, file), content: context.forgeflare && context.stopWatcher ? forgeflareStopCase(content) : content, executable: false });
    }
    for (const template of scenarios) {
      const file = posix.basename(template).replace(/\.hbs$/, '');
      files.push({ path: posix.join(HOOK_SCENARIOS_DIR, name, file), content: renderTemplate(template, context), executable: false });
    }
  }
  if (extras.workflow) {
    const { pm, pinnedInPackageJson } = projectPackageManager();
    // Decided by the config, not by what package.json holds right now (init writes both at once).
    const installed = extras.packageJson || namesRalphHooks();
    // Where package.json does not name ralph-hooks, npx (setup-node sets up npm, no other manager),
    // with npm's cache kept between runs (cacheNpx): the first step does not install it again.
    const ours = (args: string) => (installed ? rhCommand(args, { installed, file: true }) : npxCommand(args));
    const context = {
      version: hooks[0]?.context.version ?? '',
      setup: extras.packageJson ? pm.workflowSetup(pinnedInPackageJson ? undefined : pm.workflowVersion) : [],
      install: extras.packageJson ? pm.ciInstall : '',
      unsavedInstall: extras.packageJson ? '' : (unsavedInstallCommand(extras) ?? ''),
      generate: `${ours('generate --on-conflict=fail')} && git diff --exit-code`,
      doctor: ours('doctor'),
      cacheNpx: !installed,
      vitest: extras.vitest && hooks.length ? commandFor(extras.packageJson ? pm : npm, AT_ROOT, { kind: 'bin', line: HOOK_VITEST_COMMAND }) : '',
      bats: extras.bats && hooks.length ? ours(`bats ${HOOK_TESTS_DIR}`) : '',
      cases: extras.cases || extras.scenarios ? ours(`test --reporter human --reporter junit=${JUNIT_REPORT}`) : '',
      junit: JUNIT_REPORT,
      hooks: hooks.map((h) => h.context.name),
    };
    files.push({ path: WORKFLOW_FILE, content: renderTemplate('extras/workflow.yml.hbs', context), executable: false });
  }
  return files;
}

/**
 * A stop-watcher starter case (written for Claude Code's Stop contract) as its forgeflare
 * build answers: `{"action":"continue"}` on every way out, where Claude Code gets nothing
 * or a block decision (a forgeflare Stop hook cannot keep the agent working). Exit codes,
 * stderr and file expectations stay as they are.
 */
function forgeflareStopCase(text: string): string {
  const hookCase = JSON.parse(text) as { expect?: Record<string, unknown>; steps?: { expect?: Record<string, unknown> }[] };
  const answer = (expect: Record<string, unknown> | undefined) => {
    if (!expect) return;
    if (expect.silent === true) {
      delete expect.silent;
      expect.exitCode ??= 0;
    }
    delete expect.json;
    delete expect.reason;
    expect.stdout = '{"action":"continue"}';
  };
  answer(hookCase.expect);
  for (const step of hookCase.steps ?? []) answer(step.expect);
  return formatJson(hookCase);
}
