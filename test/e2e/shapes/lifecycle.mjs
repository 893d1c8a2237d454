// @ts-check
/**
 * The life of ralph-hooks in one repository shape, with that repository's real package manager.
 * Run by test/e2e/registry.mjs (which starts verdaccio and points npm at it); every other .mjs
 * file in this folder is a shape, exporting `shape` (type Shape below).
 *
 * The lifecycle (each a PASS/FAIL step, timed): write and commit the repository; init (from
 * `shape.from` when set: a workspace package); the install step init prints (after it, the
 * lockfiles are the ones there were: no other package manager's); the hook-test command init
 * prints; the repository's own tests; commit (its own git hooks run); every `run:` line of
 * .github/workflows/ralph-hooks.yml, in order, in a fresh clone with CI=true (the time of the
 * first is printed: on the warm cache init left, see docs/ci.md); doctor (clean: "All is
 * well."); the formatter over everything; generate (no conflict); uninstall --yes; the final step
 * uninstall prints; then `git status --porcelain` against the commit before init must be what it
 * was before init, and with `sameNodeModules` node_modules must hold what it held before init.
 * Every printed command runs where init ran (`shape.from`), as its user would type it there.
 *
 * Commands come from what the product prints: in init's "Next steps:", the lines
 *   - Install what the hooks and their tests need: <command>   (may be absent)
 *   - Run the hook tests: <command>
 *   - Check the setup: <command>
 *   - Edit ralph-hooks.config.json (...), then run: <command>
 * (the text after the first ': '), and uninstall's last line `Then <words>: <command>` (absent:
 * nothing more to do).
 *
 * A shape stops at its first failing step; SHAPES_KEEP_GOING=1 runs its later steps anyway (the
 * first failure still fails it). Every shape runs; runShapes fails if any failed.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { $ } from 'zx';
import { check, StepFailed, Steps } from '../steps.mjs';

/**
 * @typedef {object} Shape
 * @property {string} pm the package manager it uses (pnpm, yarn, bun, npm or none): for the log
 * @property {string} init the command its user types to set ralph-hooks up (with --guard none: the shapes are
 *   about package managers and layouts; the guard by default is registry.mjs's and init-matrix's)
 * @property {string} format its formatter, over every file
 * @property {string} ralph how its user runs the ralph-hooks CLI (for `uninstall --yes`), where init ran
 * @property {Record<string, string | { text: string, executable: true }>} files its files (path → text)
 * @property {string} setup what the repository's own README says after a clone (install, git hooks); its lockfile is committed with the files
 * @property {string} [test] the repository's own test command, run (at the root) before init and after it
 * @property {string} [from] the folder, below the root, where its user runs init and every printed command (a workspace package)
 * @property {string} [afterInit] checks of its own, run right after init (bash, where init ran)
 * @property {boolean} [sameNodeModules] after uninstall and its printed step, node_modules holds what it held before init
 */

export const SHAPES_DIR = dirname(fileURLToPath(import.meta.url));
/** Pinned so a run is repeatable; each runs on Node 20 (engines checked when they were chosen). */
export const SHAPE_TOOLS = ['pnpm@10.34.9', '@yarnpkg/cli-dist@4.18.1', 'bun@1.4.5'];

/**
 * The shapes to run: E2E_SHAPES="pnpm-workspace bun" (names of files here, without .mjs; commas
 * or spaces), all of them when unset, none for "none".
 * @param {string | undefined} wanted
 * @returns {string[]}
 */
export function selectedShapes(wanted) {
  const all = readdirSync(SHAPES_DIR).filter((file) => file.endsWith('.mjs') && file !== 'lifecycle.mjs').map((file) => file.slice(0, -'.mjs'.length)).sort();
  if (!wanted) return all;
  if (wanted === 'none') return [];
  const names = wanted.split(/[\s,]+/).filter(Boolean);
  for (const name of names) if (!all.includes(name)) throw new Error(`no such shape: ${name} (test/e2e/shapes/${name}.mjs)`);
  return names;
}

/**
 * The package managers' lockfiles in `dir`, each with its format where a package manager writes
 * another's: a yarn.lock of yarn 1 (and npm) or of yarn 2+ (berry).
 * @param {string} dir
 * @returns {string[]}
 */
export function lockfiles(dir) {
  return ['package-lock.json', 'npm-shrinkwrap.json', 'pnpm-lock.yaml', 'yarn.lock', 'bun.lock', 'bun.lockb']
    .filter((file) => existsSync(join(dir, file)))
    .map((file) => (file === 'yarn.lock' ? (/^__metadata:/m.test(readFileSync(join(dir, file), 'utf8')) ? 'yarn.lock (berry)' : 'yarn.lock (v1)') : file));
}

/**
 * The text after the first ': ' on the first line of `text` that starts with `prefix` (and has
 * one); undefined when there is no such line.
 * @param {string} text
 * @param {string} prefix
 * @returns {string | undefined}
 */
export function printedCommand(text, prefix) {
  const line = text.split('\n').find((l) => l.startsWith(prefix) && l.includes(': '));
  return line === undefined ? undefined : line.slice(line.indexOf(': ') + 2);
}

/**
 * The run: values of a GitHub workflow, in order, decoded: a block scalar (| or >, with its
 * chomping mark) as its lines (> joins them with spaces: good enough for a command); a one-line
 * scalar double-quoted read as JSON, single-quoted with '' for ', plain as it is.
 * @param {string} text
 * @returns {string[]}
 */
export function workflowRuns(text) {
  /** @type {string[]} */
  const runs = [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  /** @type {{ lines: string[], keyIndent: number, blockIndent: number, folded: boolean } | undefined} */
  let block;
  const flush = () => {
    if (!block) return;
    const body = block.lines.join('\n');
    runs.push(block.folded ? body.replace(/\n/g, ' ') : body);
    block = undefined;
  };
  for (const line of lines) {
    if (block) {
      if (/^\s*$/.test(line)) {
        block.lines.push('');
        continue;
      }
      const indent = /^ */.exec(line)?.[0].length ?? 0;
      if (indent > block.keyIndent) {
        if (block.blockIndent < 0) block.blockIndent = indent;
        block.lines.push(line.slice(block.blockIndent));
        continue;
      }
      flush();
    }
    const key = /^( *)(- )?run:\s*(.*)$/.exec(line);
    if (!key) continue;
    const keyIndent = key[1].length + (key[2] ? 2 : 0);
    const value = key[3];
    if (/^[|>][-+0-9]*\s*$/.test(value)) {
      block = { lines: [], keyIndent, blockIndent: -1, folded: value.startsWith('>') };
      continue;
    }
    runs.push(yamlScalar(value));
  }
  flush();
  return runs;
}

/** @param {string} value one-line YAML scalar */
function yamlScalar(value) {
  if (value.startsWith('"')) return JSON.parse(value);
  if (value.startsWith("'")) return value.replace(/^'/, '').replace(/'$/, '').replace(/''/g, "'");
  return value;
}

/**
 * Every path under `dir`/node_modules (sorted), or undefined when there is none.
 * @param {string} dir
 * @returns {string[] | undefined}
 */
export function nodeModulesListing(dir) {
  const root = join(dir, 'node_modules');
  if (!existsSync(root)) return undefined;
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).sort();
}

/**
 * The environment every shape runs in: the tools on PATH, every package manager pointed at the
 * local verdaccio, and their caches, stores and global folders (pnpm's store, yarn's cache,
 * bun's, the dlx folders) in a home of their own inside `work`, so that runs share nothing and
 * nothing is written into this machine's home.
 * @param {string} work
 * @param {string} registry
 * @param {NodeJS.ProcessEnv} base
 * @param {string[]} [placeholders] packages the local registry holds a placeholder of (published a minute ago too)
 * @returns {NodeJS.ProcessEnv}
 */
export function shapeEnvironment(work, registry, base, placeholders = []) {
  const home = join(work, 'home');
  const env = { ...base };
  // pyenv's shims find their versions through HOME, and pip its configuration (the index this
  // machine installs from): keep both where they are.
  const realHome = base.HOME ?? '';
  if (!env.PYENV_ROOT && existsSync(join(realHome, '.pyenv'))) env.PYENV_ROOT = join(realHome, '.pyenv');
  for (const pipConfig of [join(base.XDG_CONFIG_HOME ?? join(realHome, '.config'), 'pip/pip.conf'), join(realHome, '.pip/pip.conf')]) {
    if (!env.PIP_CONFIG_FILE && existsSync(pipConfig)) env.PIP_CONFIG_FILE = pipConfig;
  }
  Object.assign(env, {
    HOME: home,
    TMPDIR: join(work, 'tmp'),
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_STATE_HOME: join(home, '.local/state'),
    PATH: `${join(work, 'tools/node_modules/.bin')}:${base.PATH ?? ''}`,
    // pnpm reads npm_config_registry (set by registry.mjs), bun BUN_CONFIG_REGISTRY, yarn berry its own.
    BUN_CONFIG_REGISTRY: registry,
    YARN_NPM_REGISTRY_SERVER: registry.replace(/\/$/, ''),
    YARN_UNSAFE_HTTP_WHITELIST: '127.0.0.1',
    YARN_ENABLE_TELEMETRY: '0',
    // Yarn 4 takes no version younger than a day (npmMinimalAgeGate): ours were published a minute ago.
    YARN_NPM_PREAPPROVED_PACKAGES: ['ralph-hooks', 'create-ralph-hooks', ...placeholders].join(','),
    DO_NOT_TRACK: '1',
  });
  // The user's steps run as on the user's machine (pnpm and yarn freeze their lockfile when CI is
  // set); the workflow's run: steps get CI=true, as on GitHub.
  delete env.CI;
  delete env.GITHUB_ACTIONS;
  return env;
}

/**
 * The home every shape shares, made once: git's identity and defaults.
 * @param {string} work
 */
export async function makeShapeHome(work) {
  const config = join(work, 'home/.gitconfig');
  mkdirSync(join(work, 'home'), { recursive: true });
  mkdirSync(join(work, 'tmp'), { recursive: true });
  for (const [key, value] of [['user.name', 'ralph-hooks e2e'], ['user.email', 'e2e@example.invalid'], ['init.defaultBranch', 'main'], ['advice.detachedHead', 'false']]) {
    await $`git config --file ${config} ${key} ${value}`;
  }
}

/**
 * One tools folder for every shape: pnpm, yarn (berry) and bun from npm, installed once (from
 * whatever registry npm is pointed at when this runs).
 * @param {Steps} steps
 * @param {string} work
 */
export async function installShapeTools(steps, work) {
  const tools = join(work, 'tools');
  mkdirSync(tools, { recursive: true });
  writeFileSync(join(tools, 'package.json'), '{ "private": true }\n');
  await steps.run(`install the package managers (${SHAPE_TOOLS.join(' ')})`, `npm install --prefix "$1" --no-package-lock --no-save ${SHAPE_TOOLS.join(' ')}`.replace('"$1"', JSON.stringify(tools)));
  // bun's postinstall puts the binary that runs on this processor (the AVX2 build, or the
  // baseline one when that one fails to start) in place of a stub: prove it did.
  await steps.step('pnpm, yarn and bun run', async () => {
    const env = { PATH: `${join(tools, 'node_modules/.bin')}:${process.env.PATH}` };
    const version = async (/** @type {string} */ tool) => (await steps.sh(`${tool} --version`, { env })).output.trim();
    const [pnpm, yarn, bun] = [await version('pnpm'), await version('yarn'), await version('bun')];
    steps.note(`pnpm ${pnpm}, yarn ${yarn}, bun ${bun}`);
    check(pnpm === '10.34.9' && yarn === '4.18.1' && bun === '1.4.5', 'not the pinned versions');
  });
}

/**
 * The whole lifecycle of one shape in `work`/shapes/NAME. Resolves true when every step passed.
 * @param {string} name
 * @param {Shape} shape
 * @param {{ work: string, env: NodeJS.ProcessEnv, print: (line: string) => void }} context
 */
export async function runShape(name, shape, { work, env, print }) {
  const base = join(work, 'shapes', name);
  const repo = join(base, 'repo');
  const ci = join(base, 'ci');
  const out = join(base, 'out'); // the product's output, kept outside the repository
  mkdirSync(repo, { recursive: true });
  mkdirSync(out, { recursive: true });
  const steps = new Steps({ log: join(base, 'step.log'), cwd: repo, env, timeout: Number(process.env.SHAPE_STEP_TIMEOUT ?? 300), prefix: `[${name}] `, print });
  steps.keepGoing = Boolean(process.env.SHAPES_KEEP_GOING);
  const where = shape.from ? join(repo, shape.from) : repo;
  const at = shape.from ? ` (in ${shape.from})` : '';
  const save = (/** @type {string} */ file, /** @type {string} */ text) => writeFileSync(join(out, file), text);
  const git = async (/** @type {string} */ command) => (await steps.sh(`git ${command}`)).output;
  try {
    // ---------------------------------------------------------- the repository, before ralph-hooks
    await steps.step(`write the repository (${shape.pm}), set it up and commit it`, async () => {
      await steps.sh('git init -q');
      for (const [path, file] of Object.entries(shape.files)) {
        mkdirSync(dirname(join(repo, path)), { recursive: true });
        writeFileSync(join(repo, path), typeof file === 'string' ? file : file.text);
        if (typeof file !== 'string') chmodSync(join(repo, path), 0o755);
      }
      await steps.sh(shape.setup);
      await steps.sh('git add -A && git commit -qm "the repository, before ralph-hooks" && git status --porcelain');
    });
    await steps.step(`its own files are formatted already: ${shape.format}`, async () => {
      await steps.sh(shape.format);
      const status = await git('status --porcelain');
      save('format-before.txt', status);
      if (status) {
        await steps.sh('git diff | head -40');
        throw new Error(`the formatter changed:\n${status}`);
      }
    });
    if (shape.test) await steps.run(`its own tests pass: ${shape.test}`, shape.test);
    const head = (await $({ cwd: repo })`git rev-parse HEAD`).stdout.trim();
    const statusBefore = (await $({ cwd: repo, env })`git status --porcelain`).stdout;
    const ignoredBefore = (await $({ cwd: repo, env })`git status --porcelain --ignored`).stdout;
    const lockfilesBefore = lockfiles(repo);
    const nodeModulesBefore = nodeModulesListing(repo);

    // ---------------------------------------------------------- init and its next steps
    let initOutput = '';
    await steps.step(`init${at}: ${shape.init}`, async () => {
      initOutput = (await steps.sh(shape.init, { cwd: where })).output;
      save('init.txt', initOutput);
    });
    if (shape.afterInit) await steps.run("after init: the shape's own checks", shape.afterInit, { cwd: where });
    const install = printedCommand(initOutput, '  - Install what ');
    const tests = printedCommand(initOutput, '  - Run the hook tests: ');
    const doctor = printedCommand(initOutput, '  - Check the setup: ');
    const generate = printedCommand(initOutput, '  - Edit ralph-hooks.config.json');
    await steps.step(`init printed its next steps (install: ${install ?? 'none'}; tests: ${tests ?? '?'}; doctor: ${doctor ?? '?'}; generate: ${generate ?? '?'})`, async () => {
      check(initOutput.split('\n').includes('Next steps:'), 'no "Next steps:" line');
      check(tests, 'no "  - Run the hook tests: <command>" line');
      check(doctor, 'no "  - Check the setup: <command>" line');
      check(generate, 'no "  - Edit ralph-hooks.config.json …, then run: <command>" line');
    });
    if (install) {
      await steps.run(`the install step init printed${at}: ${install}`, install, { cwd: where });
      await steps.step(`the install left the repository's lockfiles as they were (${lockfilesBefore.join(',') || 'none'})`, async () => {
        const after = lockfiles(repo);
        check(after.join('\n') === lockfilesBefore.join('\n'), `lockfiles before the install:\n  ${lockfilesBefore.join('\n  ')}\nafter it:\n  ${after.join('\n  ')}`);
      });
    }
    await steps.run(`the hook-test command init printed${at}: ${tests ?? '?'}`, tests ?? 'false', { cwd: where });
    if (shape.test) await steps.run(`its own tests still pass: ${shape.test}`, shape.test);
    await steps.run("commit what init wrote (the repository's own git hooks run)", 'git add -A && git commit -qm "ralph-hooks init" && git status --porcelain');

    // ---------------------------------------------------------- CI: the generated workflow
    await steps.step('every run: step of .github/workflows/ralph-hooks.yml, in order, in a fresh clone with CI=true', async () => {
      const workflow = join(repo, '.github/workflows/ralph-hooks.yml');
      check(existsSync(workflow), `no ${workflow}`);
      rmSync(ci, { recursive: true, force: true });
      await steps.sh(`git clone -q "$PWD" ${JSON.stringify(ci)}`);
      const runs = workflowRuns(readFileSync(workflow, 'utf8'));
      check(runs.length > 0, `no run: step in ${workflow}`);
      /** @type {string[]} */
      const times = [];
      for (const [index, run] of runs.entries()) {
        check(!run.includes('${{'), `run: step ${index + 1} uses an expression the test cannot evaluate: ${run}`);
        if (run.startsWith('corepack ')) {
          steps.note(`+ ${run}   (skipped: the tools folder provides pnpm and yarn, as a setup action would)`);
          continue;
        }
        steps.note(`+ ${run}`);
        const began = Date.now();
        await steps.sh(`set -e\n${run}`, { cwd: ci, env: { CI: 'true', GITHUB_ACTIONS: 'true' } });
        times.push(`${((Date.now() - began) / 1000).toFixed(1)} s  ${run}`);
      }
      save('workflow-times.txt', `${times.join('\n')}\n`);
      print(`NOTE  [${name}] the workflow's first step, on the npm cache init left: ${times[0]}`);
    });
    rmSync(ci, { recursive: true, force: true });

    // ---------------------------------------------------------- back in the repository
    await steps.step(`doctor, as init printed it${at}, is clean: ${doctor ?? '?'}`, async () => {
      const { output } = await steps.sh(doctor ?? 'false', { cwd: where });
      save('doctor.txt', output);
      check(output.split('\n').includes('All is well.'), '(no "All is well." line)');
    });
    await steps.run(`its formatter over everything: ${shape.format}`, shape.format);
    await steps.step(`generate, as init printed it${at}, finds no conflict: ${generate ?? '?'}`, async () => {
      const formatted = await git('status --porcelain');
      steps.note(`the formatter changed ${formatted.split('\n').filter(Boolean).length} file(s):\n${formatted}`);
      save('generate.txt', (await steps.sh(generate ?? 'false', { cwd: where, env: { CI: 'true' } })).output);
    });
    let uninstallOutput = '';
    await steps.step(`uninstall --yes${at}: ${shape.ralph} uninstall --yes`, async () => {
      uninstallOutput = (await steps.sh(`${shape.ralph} uninstall --yes`, { cwd: where })).output;
      save('uninstall.txt', uninstallOutput);
    });
    const last = uninstallOutput.replace(/\n+$/, '').split('\n').pop() ?? '';
    const final = /^Then [^:]*: /.test(last) ? last.slice(last.indexOf(': ') + 2) : undefined;
    if (final) await steps.run(`the final step uninstall printed${at}: ${final}`, final, { cwd: where });
    await steps.step('git status --porcelain is what it was before init', async () => {
      await steps.sh(`git reset -q ${head}`);
      const after = await git('status --porcelain');
      save('status-after.txt', after);
      if (after !== statusBefore) {
        await steps.sh('git diff --stat; git diff -- . ":(exclude)*lock*" ":(exclude)*.lock" | head -40', { nothrow: true });
        throw new Error(`before init:\n${statusBefore}\nnow:\n${after}`);
      }
    });
    if (shape.sameNodeModules) {
      await steps.step(`node_modules holds what it held before init (${nodeModulesBefore?.length ?? 'no'} paths)`, async () => {
        const after = nodeModulesListing(repo);
        check(nodeModulesBefore !== undefined && after !== undefined, `node_modules ${after === undefined ? 'is gone' : 'was not there before init'}`);
        const added = after.filter((path) => !nodeModulesBefore.includes(path));
        const gone = nodeModulesBefore.filter((path) => !after.includes(path));
        check(added.length === 0 && gone.length === 0, `${added.length} path(s) not there before init (${added.slice(0, 10).join(', ')}), ${gone.length} gone (${gone.slice(0, 10).join(', ')})`);
      });
    }
    // Ignored paths that were not there before init (a cache, node_modules): a note, not a failure.
    const ignoredAfter = (await $({ cwd: repo, env })`git status --porcelain --ignored`).stdout;
    const before = new Set(ignoredBefore.split('\n'));
    const ignored = ignoredAfter.split('\n').filter((line) => line.startsWith('!! ') && !before.has(line)).map((line) => line.slice(3));
    if (ignored.length) print(`NOTE  [${name}] ${ignored.length} ignored path(s) that were not there before init: ${ignored.slice(0, 5).join(' ')}${ignored.length > 5 ? ' …' : ''}`);
  } catch (error) {
    if (!(error instanceof StepFailed)) throw error;
  }
  if (steps.failed.length) writeFileSync(join(out, 'failed'), `${steps.failed[0]}\n`);
  return steps.failed.length === 0;
}

/**
 * Every selected shape, then a table: result and wall time. One after the other, or
 * E2E_SHAPES_JOBS=N at once (each one's own steps still in order, its output printed whole when
 * it ends, and its wall time taken while sharing the machine).
 * @param {{ work: string, registry: string, env: NodeJS.ProcessEnv, names: string[], placeholders?: string[] }} options
 * @returns {Promise<boolean>} every shape passed
 */
export async function runShapes({ work, registry, env, names, placeholders }) {
  if (names.length === 0) return true;
  if (!existsSync(join(work, 'tools/node_modules/.bin/pnpm'))) throw new Error('installShapeTools first');
  const jobs = Number(process.env.E2E_SHAPES_JOBS ?? 1);
  if (!Number.isInteger(jobs) || jobs < 1) throw new Error(`E2E_SHAPES_JOBS: a number of shapes to run at once, not ${process.env.E2E_SHAPES_JOBS}`);
  await makeShapeHome(work);
  const shapeEnv = shapeEnvironment(work, registry, env, placeholders);
  const began = Date.now();
  /** @type {Map<string, { ok: boolean, seconds: number }>} */
  const results = new Map();
  const queue = [...names];
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      /** @type {string[]} */
      const held = [];
      const print = jobs === 1 ? (/** @type {string} */ line) => process.stdout.write(`${line}\n`) : (/** @type {string} */ line) => held.push(line);
      print(`---- shape ${name}`);
      const start = Date.now();
      /** @type {{ shape: Shape }} */
      const module = await import(join(SHAPES_DIR, `${name}.mjs`));
      const ok = await runShape(name, module.shape, { work, env: shapeEnv, print });
      results.set(name, { ok, seconds: Math.round((Date.now() - start) / 1000) });
      if (held.length) process.stdout.write(`${held.join('\n')}\n`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, names.length) }, worker));
  const rows = names.map((name) => {
    const { ok, seconds } = results.get(name) ?? { ok: false, seconds: 0 };
    const failed = existsSync(join(work, 'shapes', name, 'out/failed')) ? readFileSync(join(work, 'shapes', name, 'out/failed'), 'utf8').trim() : '?';
    return `  ${name.padEnd(26)} ${ok ? 'PASS' : 'FAIL'}  ${String(seconds).padStart(4)} s${ok ? '' : `  at: ${failed}`}`;
  });
  process.stdout.write(`shapes (wall time each${jobs > 1 ? `, ${jobs} at once` : ''}; ${Math.round((Date.now() - began) / 1000)} s in all):\n${rows.join('\n')}\n`);
  return [...results.values()].every((r) => r.ok) && results.size === names.length;
}
