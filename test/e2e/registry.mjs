// @ts-check
/**
 * End-to-end through a real registry: start verdaccio 5.33 (test/e2e/local-registry.mjs, as the
 * install-weight test and bench/init-cold.mjs do) on 127.0.0.1 with temporary storage, publish
 * ralph-hooks and create-ralph-hooks to it, and in
 * empty git repositories run what docs/getting-started.md and docs/ci.md tell a user to run.
 * Everything else (vitest, bats, zod, …) is proxied from `npm config get registry`.
 *
 *   npx zx test/e2e/registry.mjs                 (.ci/run calls it after `npm test`)
 *   npx zx test/e2e/registry.mjs --shapes-only   only the repository shapes (test/e2e/shapes/)
 *   E2E_SHAPES="pnpm-workspace bun" …            only these shapes (none: no shape); SHAPES_KEEP_GOING=1
 *                                                runs a shape's later steps after one failed;
 *                                                E2E_SHAPES_JOBS=2 runs two shapes at once
 *
 * Right after publishing, each repository shape (test/e2e/shapes/*.mjs: a pnpm workspace, a yarn
 * berry workspace, a yarn workspace set up from one of its packages, a bun project, a Python
 * project, an npm repository with prettier, lint-staged and husky) goes through init → install →
 * tests → its CI workflow → doctor → its formatter → generate → uninstall with its own package
 * manager (test/e2e/shapes/lifecycle.mjs), and the wall time of each is printed; then the npm
 * steps below.
 *
 * Prints PASS/FAIL per step; exits 1 at the first failure with the step's output (a shape's
 * failure ends that shape; the others and the npm steps still run, and the exit is 1). The server
 * is stopped and the temporary folder removed on any exit.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { $, quote } from 'zx';
import { installVerdaccio, npmEnv, PUBLISHED, publishArgs, startRegistry, VERDACCIO } from './local-registry.mjs';
import { installShapeTools, runShapes, selectedShapes } from './shapes/lifecycle.mjs';
import { check, StepFailed, Steps } from './steps.mjs';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2).filter((arg) => !arg.endsWith('registry.mjs'));
const shapesOnly = args.includes('--shapes-only');
if (args.some((arg) => arg !== '--shapes-only')) {
  process.stderr.write('usage: test/e2e/registry.mjs [--shapes-only]\n');
  process.exit(2);
}
/** @type {string[]} */
let shapes;
try {
  shapes = selectedShapes(process.env.E2E_SHAPES);
} catch (error) {
  process.stderr.write(`${/** @type {Error} */ (error).message}\n`);
  process.exit(2);
}

const WORK = mkdtempSync(join(process.env.TMPDIR ?? tmpdir(), 'rh-registry-e2e.'));
const STARTED = Date.now();
const elapsed = () => Math.round((Date.now() - STARTED) / 1000);
/** @type {import('./local-registry.mjs').LocalRegistry | undefined} */
let registry;

/** Stop verdaccio and remove the work folder, on any exit. */
async function cleanup() {
  await registry?.stop();
  if (process.env.KEEP_E2E_WORK) console.log(`work folder kept: ${WORK}`);
  else rmSync(WORK, { recursive: true, force: true });
}
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    void cleanup().finally(() => process.exit(130));
  });
}

const env = npmEnv();
const steps = new Steps({ log: join(WORK, 'step.log'), cwd: WORK, env, timeout: Number(process.env.STEP_TIMEOUT ?? 600) });

/** @param {string} dir a new git repository in WORK */
async function newRepo(dir) {
  mkdirSync(join(WORK, dir), { recursive: true });
  await $({ cwd: join(WORK, dir) })`git init -q`;
  return join(WORK, dir);
}

let status = 0;
try {
  console.log(`registry e2e: work ${WORK}`);

  // ---------------------------------------------------------------- the registry
  await steps.step(`install verdaccio ${VERDACCIO}`, async () => steps.note(installVerdaccio()));
  // The shapes' package managers come from the upstream registry too, through the same npm cache.
  if (shapes.length) await installShapeTools(steps, WORK);
  await steps.step('verdaccio answers /-/ping (60 s at most)', async () => {
    registry = await startRegistry({ work: WORK, storage: join(WORK, 'storage') });
  });
  if (!registry) throw new StepFailed('verdaccio'); // the step above failed already
  const { url: REGISTRY, npmrc: NPMRC } = registry;
  console.log(`registry e2e: verdaccio on ${REGISTRY}, uplink ${registry.upstream}`);

  // ---------------------------------------------------------------- publish
  await steps.run('npm run build', `npm run build --prefix ${JSON.stringify(REPO)}`);
  const publish = `npm ${publishArgs({ url: REGISTRY, npmrc: NPMRC }).map(quote).join(' ')}`;
  for (const { name, dir } of PUBLISHED) await steps.run(`publish ${name}`, publish, { cwd: join(REPO, dir) });
  const placeholders = await stubMissingOptionals(REGISTRY, NPMRC, publish);

  // From here on every npm/npx command talks to the local registry, with an empty cache (npx
  // must not reuse a create-ralph-hooks from an earlier run).
  Object.assign(env, { npm_config_registry: REGISTRY, npm_config_userconfig: NPMRC, npm_config_cache: join(WORK, 'npm-cache') });

  // ---------------------------------------------------------------- repository shapes
  const shapesPassed = await runShapes({ work: WORK, registry: REGISTRY, env, names: shapes, placeholders });
  if (shapesOnly) {
    console.log(`${shapesPassed ? 'PASS' : 'FAIL'}  registry e2e (shapes only) in ${elapsed()} s`);
    status = shapesPassed ? 0 : 1;
  } else {
    await npmSteps(REGISTRY, NPMRC);
    if (!shapesPassed) {
      console.log(`FAIL  registry e2e: the npm steps passed, a repository shape failed (above); ${elapsed()} s`);
      status = 1;
    } else console.log(`PASS  registry e2e: all steps in ${elapsed()} s`);
  }
} catch (error) {
  if (!(error instanceof StepFailed)) console.error(error);
  status = 1;
} finally {
  await cleanup();
}
process.exit(status);

/**
 * A dependency's optional dependency for another platform that the upstream this machine
 * reaches does not serve (404), though the public registry has it: npm and pnpm skip another
 * platform's optional dependencies, yarn resolves them all for its lockfile and fails. Each one
 * listed here that the upstream lacks gets an empty placeholder in the local registry, with a
 * NOTE; where the upstream has it, nothing is done.
 * @param {string} registry
 * @param {string} npmrc
 * @param {string} publish the command that publishes the current folder there
 * @returns {Promise<string[]>} the placeholders' names
 */
async function stubMissingOptionals(registry, npmrc, publish) {
  /** @type {string[]} */
  const stubbed = [];
  // vite 8.4's Windows-only optional dependency.
  for (const [name, version] of [['napi-windows-process-start-time', '0.1.0']]) {
    const found = await $({ env, nothrow: true, quiet: true })`npm view ${`${name}@${version}`} version --registry ${registry} --userconfig ${npmrc}`;
    if (found.exitCode === 0 && found.stdout.trim()) continue;
    const dir = join(WORK, 'stubs', name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name, version, description: 'e2e placeholder: the upstream registry here does not serve it', os: ['win32'], license: 'MIT' }, null, 2)}\n`);
    await steps.run(`NOTE: ${name}@${version} is missing upstream; a placeholder in the local registry`, publish, { cwd: dir });
    stubbed.push(name);
  }
  return stubbed;
}

/**
 * The npm steps: docs/getting-started.md and docs/ci.md, as written there.
 * @param {string} REGISTRY
 * @param {string} NPMRC
 */
async function npmSteps(REGISTRY, NPMRC) {
  const APP = await newRepo('app');
  const inApp = { cwd: APP };
  const sh = (/** @type {string} */ command, /** @type {import('./steps.mjs').ShOptions} */ options = {}) => steps.sh(command, { cwd: APP, ...options });
  // ---------------------------------------------------------------- npm init in an empty repository
  await steps.run('npm init ralph-hooks --registry … --userconfig … --yes -- --yes', `npm init ralph-hooks --registry '${REGISTRY}' --userconfig '${NPMRC}' --yes -- --yes`, inApp);
  await steps.step('init wrote the config, hook, tests, cases, workflow and a minimal package.json', async () => {
    const config = JSON.parse(readFileSync(join(APP, 'ralph-hooks.config.json'), 'utf8'));
    check(JSON.stringify(config.extras) === JSON.stringify({ vitest: true, bats: true, cases: true, workflow: true, scenarios: false, packageJson: true }), `extras: ${JSON.stringify(config.extras)}`);
    await sh('test -x .claude/hooks/stop-watcher.sh && test -f test/hooks/stop-watcher.vitest.ts && test -f test/hooks/stop-watcher.bats');
    check(readdirSync(join(APP, 'test/hook-cases/stop-watcher')).some((file) => file.endsWith('.case.json')), 'no case');
    check(existsSync(join(APP, '.github/workflows/ralph-hooks.yml')), 'no workflow');
    const pkg = JSON.parse(readFileSync(join(APP, 'package.json'), 'utf8'));
    check(pkg.scripts?.['test:hooks'] && pkg.scripts.test === 'npm run test:hooks' && pkg.devDependencies?.['ralph-hooks'], `package.json: ${JSON.stringify(pkg)}`);
  });
  await steps.run('npm install', 'npm install', inApp);
  await steps.run('npm test (vitest + bats + ralph-hooks test in the generated repository)', 'npm test', inApp);
  await steps.run('npm run test:hooks', 'npm run test:hooks', inApp);

  // ---------------------------------------------------------------- docs/ci.md
  await steps.run('npx vitest run --config test/hooks/vitest.config.cjs', 'npx vitest run --config test/hooks/vitest.config.cjs', inApp);
  await steps.run('npx ralph-hooks bats test/hooks', 'npx ralph-hooks bats test/hooks', inApp);
  await steps.run('npx ralph-hooks test --reporter human --reporter junit=reports/hook-cases.xml', 'npx ralph-hooks test --reporter human --reporter junit=reports/hook-cases.xml', inApp);
  await steps.step('the JUnit report is well-formed XML with one testcase per case', async () => {
    await sh('xmllint --noout reports/hook-cases.xml');
    const testcases = (readFileSync(join(APP, 'reports/hook-cases.xml'), 'utf8').match(/<testcase /g) ?? []).length;
    const cases = readdirSync(join(APP, 'test/hook-cases/stop-watcher')).filter((file) => file.endsWith('.case.json')).length;
    check(testcases === cases, `${testcases} testcases, ${cases} cases`);
  });
  await steps.run('npx ralph-hooks test --shard 1/2 and --shard 2/2', 'npx ralph-hooks test --shard 1/2 && npx ralph-hooks test --shard 2/2', inApp);
  await steps.run("the workflow's generated-files check: npx ralph-hooks generate --on-conflict=fail", 'npx ralph-hooks generate --on-conflict=fail', inApp);

  // ---------------------------------------------------------------- docs/getting-started.md
  await steps.step('config change (maxGlobalIterations 40, word match) + npx ralph-hooks generate', async () => {
    const file = join(APP, 'ralph-hooks.config.json');
    const config = JSON.parse(readFileSync(file, 'utf8'));
    config.hooks[0].options = { maxGlobalIterations: 40, completionMatch: 'word' };
    writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
    const dry = await sh('npx ralph-hooks generate --dry-run');
    check(dry.output.includes('+readonly DEFAULT_MAX_GLOBAL_ITERATIONS=40'), 'the dry run shows no +readonly DEFAULT_MAX_GLOBAL_ITERATIONS=40');
    await sh('npx ralph-hooks generate');
    check(readFileSync(join(APP, '.claude/hooks/stop-watcher.sh'), 'utf8').split('\n').includes('readonly DEFAULT_MAX_GLOBAL_ITERATIONS=40'), 'not in the hook');
  });
  await steps.step('init registered the guard; npx ralph-hooks remove guard, then add guard --preset guard, with no warning', async () => {
    check(JSON.parse(readFileSync(join(APP, '.claude/settings.json'), 'utf8')).hooks.PreToolUse?.[0]?.hooks?.[0]?.command?.includes('guard.sh'), 'the guard is not registered');
    await sh('npx ralph-hooks remove guard');
    check(!existsSync(join(APP, '.claude/hooks/guard.sh')), 'remove guard left .claude/hooks/guard.sh');
    await sh('npx ralph-hooks add guard --preset guard 2>add.err');
    check(!readFileSync(join(APP, 'add.err'), 'utf8').includes('warning'), readFileSync(join(APP, 'add.err'), 'utf8'));
  });
  await steps.step("npm test after the changes (the guard's tests included)", async () => {
    await sh('npm test');
    check(existsSync(join(APP, 'test/hooks/guard.vitest.ts')), 'no test/hooks/guard.vitest.ts');
  });
  await steps.run('npx ralph-hooks doctor is green', 'npx ralph-hooks doctor', inApp);
  await steps.step('real-client scenarios: extras.scenarios, npm i -D @anthropic-ai/claude-code, npx ralph-hooks generate, npx ralph-hooks test test/hook-scenarios', async () => {
    const file = join(APP, 'ralph-hooks.config.json');
    const config = JSON.parse(readFileSync(file, 'utf8'));
    config.extras.scenarios = true;
    writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
    await sh('npm i -D @anthropic-ai/claude-code');
    await sh('npx ralph-hooks generate');
    await sh('ls test/hook-scenarios/stop-watcher/*.scenario.json test/hook-scenarios/guard/*.scenario.json >/dev/null');
    await sh('npx ralph-hooks test test/hook-scenarios');
  });
  await steps.step('a hand edit + generate in CI mode exits 2 and keeps the edit', async () => {
    await sh('echo "# my edit" >>.claude/hooks/stop-watcher.sh');
    const { status } = await sh('npx ralph-hooks generate', { env: { CI: 'true' }, nothrow: true });
    check(status === 2, `expected exit 2, got ${status}`);
    check(readFileSync(join(APP, '.claude/hooks/stop-watcher.sh'), 'utf8').trimEnd().split('\n').pop() === '# my edit', 'the edit is gone');
  });

  // ---------------------------------------------------------------- the other init forms in the docs
  const plugin = await newRepo('plugin');
  await steps.run('npm init ralph-hooks -- --target claude-plugin --stop-watcher specum', 'npm init ralph-hooks -- --target claude-plugin --stop-watcher specum && test -x hooks/scripts/stop-watcher.sh', { cwd: plugin });
  const plain = await newRepo('plain');
  await steps.run('npm init ralph-hooks (no terminal: the defaults)', 'npm init ralph-hooks && test -f ralph-hooks.config.json', { cwd: plain });
  const npmYes = await newRepo('npm-yes');
  await steps.run('npm init ralph-hooks -- --yes', 'npm init ralph-hooks -- --yes && test -f test/hooks/stop-watcher.vitest.ts', { cwd: npmYes });

  // ---------------------------------------------------------------- package.json left to the user
  // --no-package-json: no package.json at all; the workflow's own steps, run in order, install
  // what the tests need (without saving it) and pass on the first run.
  const noPackageJson = await newRepo('no-package-json');
  await steps.run('npm init ralph-hooks -- --yes --no-package-json', 'npm init ralph-hooks -- --yes --no-package-json && test ! -e package.json', { cwd: noPackageJson });
  await steps.step('every step of the generated workflow, in order (installs included)', async () => {
    const sh = (/** @type {string} */ command) => steps.sh(command, { cwd: noPackageJson });
    await sh('git add -A && git -c user.name=e2e -c user.email=e2e@example.invalid commit -qm init');
    await sh('printf "node_modules\\nreports\\n" >> .git/info/exclude');
    const { workflowRuns } = await import('./shapes/lifecycle.mjs');
    for (const run of workflowRuns(readFileSync(join(noPackageJson, '.github/workflows/ralph-hooks.yml'), 'utf8'))) {
      steps.note(`+ ${run}`);
      await sh(run);
    }
    check(!existsSync(join(noPackageJson, 'package.json')), 'a package.json appeared');
  });
}
