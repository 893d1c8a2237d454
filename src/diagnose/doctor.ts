/**
 * `ralph-hooks doctor`: the checks behind it. Each finding has a code (RH01…), says
 * what is wrong and ends with the fix; docs/troubleshooting.md has a section per code.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join, posix, relative, resolve } from 'node:path';
import { readConfig } from '../config/load.js';
import type { RalphHooksConfig } from '../config/schema.js';
import { TARGETS } from '../targets/index.js';
import type { Finding } from '../hook-types.js';
import type { Target } from '../targets/types.js';
import { renderHooks, type HookCommand } from '../generate/render-hooks.js';
import { explainHooks } from './explain.js';
import { HOOK_TESTS_DIR, HOOK_VITEST_COMMAND, HOOK_VITEST_CONFIG, hookVitestFile } from '../generate/extras.js';
import type { SourceOptions } from '../targets/hook-sources.js';
import { deadMatcherFinding, deadMatcherWords, lintHooks } from './hook-lint.js';
import { findAgentEvent } from '../hook-events.js';
import { isJsonObject, JsonSyntaxError, parseJsonText } from '../util/json-text.js';
import { readManifest, sha256 } from '../generate/manifest.js';
import { packageVersion } from '../util/package-info.js';
import { docsPage } from '../util/package-info.js';
import { planGeneration, type Plan } from '../generate/plan.js';
import { notInstalled } from '../formatters/index.js';
import { describeRejection, readForgeflareHooks } from '../registration/forgeflare-load.js';
import { handlersWithBrokenScripts, registeredHandlers, type RegisteredHandler } from '../registration/handler-scripts.js';
import { candidatesIn } from '../registration/claude-settings.js';
import { configWarnings } from './warnings.js';
import { addDevCommand, rhCommand } from '../package-managers/project.js';

export type { Finding } from '../hook-types.js';

type Env = { PATH?: string; [name: string]: string | undefined };

const ok = (code: string, message: string): Finding => ({ code, ok: true, message });
const problem = (code: string, message: string, fix: string): Finding => ({ code, ok: false, message, fix });

function versionOf(command: string, args: string[], env: Env): string | undefined {
  const result = spawnSync(command, args, { encoding: 'utf8', env: { ...process.env, ...env } });
  if (result.error || result.status !== 0) return undefined;
  return (result.stdout || result.stderr).trim().split('\n')[0];
}

export function checkTools(env: Env = {}): Finding[] {
  const findings: Finding[] = [];
  const bash = versionOf('bash', ['--version'], env);
  findings.push(bash ? ok('RH01', `bash: ${bash}`) : problem('RH01', 'bash is not on PATH: every generated hook runs under bash.', 'Install bash (apt-get install bash, brew install bash).'));
  const jq = versionOf('jq', ['--version'], env);
  if (!jq) {
    findings.push(problem('RH02', 'jq is not on PATH: generated hooks allow every stop (Stop hooks) or block every call (guards) without it.', 'Install jq ≥ 1.6 (apt-get install jq, brew install jq).'));
  } else {
    const [major, minor] = (/jq-(\d+)\.(\d+)/.exec(jq) ?? []).slice(1).map(Number);
    if (major === undefined || major > 1 || minor >= 6) findings.push(ok('RH02', `jq: ${jq}${minor === 6 ? ' (1.6: the hooks avoid 1.7-only features)' : ''}`));
    else findings.push(problem('RH03', `${jq} is too old: the hooks use --rawfile, new in jq 1.6.`, 'Upgrade jq to 1.6 or later.'));
  }
  return findings;
}

export function checkProject(root: string, sources: SourceOptions = {}): Finding[] {
  let config: RalphHooksConfig;
  try {
    config = readConfig(root);
  } catch (error) {
    return [problem('RH04', (error as Error).message, `Fix ralph-hooks.config.json as the message says (${docsPage('config-reference.md', root)} lists every field).`)];
  }
  const findings: Finding[] = [ok('RH04', `ralph-hooks.config.json is valid (${config.hooks.length} hook(s), target ${config.target})`)];
  const { commands } = renderHooks(config);
  findings.push(...checkRegistration(root, config, commands));
  findings.push(...(TARGETS[config.target] as Target).checks?.(root) ?? []);
  findings.push(...checkScripts(root, commands));
  const handlers = registeredHandlers(root);
  findings.push(...checkHandlerScripts(root, commands, handlers));
  findings.push(...checkMatchers(TARGETS[config.target] as Target, handlers));
  const planned = planOrError(root, config);
  findings.push(...checkFormatting(planned));
  findings.push(...checkManifest(root, planned.plan));
  findings.push(...checkUpToDate(planned));
  findings.push(...checkClaudeCode(root, commands));
  findings.push(...checkHookTests(root, config));
  findings.push(...checkEverySource(root, config, sources));
  findings.push(...configWarnings(config).map((w) => ({ code: 'RH13', ok: true, warning: true, message: w.message, fix: w.fix })));
  return findings;
}

/**
 * The hooks the agent runs from every source, the user's and the plugins' included (explain.ts):
 * RH17 (two Stop hooks that can both block), and RH14/RH16 for the files outside the project,
 * whose handlers the checks above do not read. A file there that does not parse is RH18.
 */
function checkEverySource(root: string, config: RalphHooksConfig, sources: SourceOptions): Finding[] {
  const target = TARGETS[config.target] as Target;
  try {
    const { hooks } = explainHooks(root, target, config, sources);
    const outside = (finding: Finding) => finding.file === undefined || !isInside(root, hooks.find((hook) => hook.file === finding.file)?.path ?? root);
    return lintHooks(hooks, target, config, root).filter((finding) => finding.code === 'RH17' || ((finding.code === 'RH14' || finding.code === 'RH16') && outside(finding)));
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    return [{ ...problem('RH18', `${error.message}: ${target.agentName} cannot read the hooks of that file.`, `Fix the JSON at line ${error.line} of ${error.file}.`), file: error.file, line: error.line }];
  }
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return !rel.startsWith('..') && !isAbsolute(rel);
}

/** Where vitest looks for a config when none is named, in its order (vitest's CONFIG_NAMES × CONFIG_EXTENSIONS). */
const VITEST_CONFIG_FILES = ['vitest.config', 'vite.config'].flatMap((name) => ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs'].map((ext) => name + ext));
/** vitest's default test.include. */
const VITEST_DEFAULT_INCLUDE = ['**/*.{test,spec}.?(c|m)[jt]s?(x)'];

/**
 * RH19: would the hook test command find the generated vitest files? Read, never run (no
 * vitest start): the hook tests' own config must be there, and a package.json `test:hooks`
 * that runs vitest without it takes the project's config (or vitest's defaults), whose
 * include the `<hook>.vitest.ts` files rarely match ("No test files found", exit 1). The
 * include is read from the config's text: literal arrays only; one it cannot read is a warning.
 */
function checkHookTests(root: string, config: RalphHooksConfig): Finding[] {
  if (!config.extras.vitest || config.hooks.length === 0) return [];
  const files = config.hooks.map((hook) => posix.join(HOOK_TESTS_DIR, hookVitestFile(hook.name)));
  if (!existsSync(join(root, HOOK_VITEST_CONFIG))) {
    return [problem('RH19', `${HOOK_VITEST_CONFIG} is missing: \`${HOOK_VITEST_COMMAND}\` stops before it runs a test (vitest cannot load the config).`, `Run: ${rhCommand('generate')}`)];
  }
  const script = testHooksScript(root);
  const fix = `Run the hook tests with their own config in test:hooks: ${HOOK_VITEST_COMMAND}   (${rhCommand('generate')} rewrites a test:hooks that ralph-hooks wrote)`;
  for (const args of script === undefined ? [] : vitestCalls(script)) {
    const named = optionValue(args, '--config', '-c');
    if (named !== undefined && posix.normalize(named) === HOOK_VITEST_CONFIG) continue;
    const runRoot = resolve(root, optionValue(args, '--root', '-r') ?? '.');
    const used = named !== undefined ? resolve(runRoot, named) : findUpward(runRoot, VITEST_CONFIG_FILES);
    const runs = `package.json's test:hooks runs \`${args.join(' ')}\` without --config ${HOOK_VITEST_CONFIG}`;
    const shown = used === undefined ? '' : isInside(root, used) ? relative(root, used) : used;
    if (used !== undefined && !existsSync(used)) return [problem('RH19', `${runs}, and ${shown} does not exist: vitest stops before it runs a test.`, fix)];
    const includes = used === undefined ? VITEST_DEFAULT_INCLUDE : includesIn(readFileSync(used, 'utf8'));
    if (includes === undefined) {
      return [{ code: 'RH19', ok: true, warning: true, message: `${runs}: vitest takes ${shown}, whose include ralph-hooks cannot read, so it cannot tell whether that finds the hook tests (${files.join(', ')}).`, fix }];
    }
    const fromRunRoot = (file: string) => relative(runRoot, join(root, file)).split('\\').join('/');
    if (!files.some((file) => includes.some((glob) => globMatches(fromRunRoot(file), glob)))) {
      const globs = includes.join(', ') || 'empty';
      const include = used === undefined ? `vitest's default include (${globs}) matches` : `vitest takes ${shown}, whose include (${globs}) matches`;
      return [problem('RH19', `${runs}: ${include} none of the hook tests (${files.join(', ')}): "No test files found", exit 1.`, fix)];
    }
  }
  return [ok('RH19', `the hook tests have their own vitest config (${HOOK_VITEST_CONFIG}, ${files.length} file(s))`)];
}

/** package.json's test:hooks script, if it has one. */
function testHooksScript(root: string): string | undefined {
  try {
    const pkg: unknown = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const scripts = isJsonObject(pkg) ? pkg.scripts : undefined;
    const script = isJsonObject(scripts) ? scripts['test:hooks'] : undefined;
    return typeof script === 'string' ? script : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The arguments of each vitest a script starts, from `vitest` on: `vitest …`, `npx vitest …`,
 * `pnpm exec vitest …`, `node_modules/.bin/vitest …`, `CI=1 node …/vitest.mjs …`.
 */
export function vitestCalls(script: string): string[][] {
  const isVitest = (word: string) => /(^|\/)vitest(\.mjs)?$/.test(word);
  const isLauncher = (word: string) => /^(npx|pnpm|yarn|bun|bunx|exec|x|dlx|node|env|-.*|\w+=.*)$/.test(word);
  return script
    .split(/&&|\|\||;|\|/)
    .map((part) => part.trim().split(/\s+/).map((word) => word.replace(/^(['"])(.*)\1$/, '$2')))
    .map((words) => ({ words, at: words.findIndex(isVitest) }))
    .filter(({ words, at }) => at >= 0 && words.slice(0, at).every(isLauncher))
    .map(({ words, at }) => words.slice(at));
}

/** The value of a flag (`--config x`, `--config=x`, `-c x`), if given. */
function optionValue(args: string[], long: string, short: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === long || arg === short) return args[i + 1];
    if (arg.startsWith(`${long}=`) || arg.startsWith(`${short}=`)) return arg.slice(arg.indexOf('=') + 1);
  }
  return undefined;
}

function findUpward(dir: string, names: string[]): string | undefined {
  for (let current = dir; ; current = dirname(current)) {
    const found = names.map((name) => join(current, name)).find((path) => existsSync(path));
    if (found || dirname(current) === current) return found;
  }
}

/**
 * The globs of every `include: [...]` in a config's text (test.include, a project's, coverage's:
 * one that matches is enough), vitest's default when there is none, undefined when an include
 * is not a literal array of strings.
 */
export function includesIn(text: string): string[] | undefined {
  const globs: string[] = [];
  let found = false;
  for (const match of text.matchAll(/\binclude\s*:\s*(\[[^\]]*\])?/g)) {
    found = true;
    const strings = /(['"`])((?:(?!\1)[^\\])*)\1/g;
    // Only strings: `[...defaults, 'x']` or a variable inside cannot be read.
    if (match[1] === undefined || /[^\s,[\]]/.test(match[1].replace(strings, ''))) return undefined;
    globs.push(...[...match[1].matchAll(strings)].map((m) => m[2]!));
  }
  return found ? [...new Set(globs)] : VITEST_DEFAULT_INCLUDE;
}

/**
 * Whether a relative path matches a glob as vitest's include reads it: `**`, `*`, `?`, `[…]`,
 * `{a,b}` and the extglobs `?(…)`, `*(…)`, `+(…)`, `@(…)` (`!(…)` is read as `*`).
 */
export function globMatches(path: string, glob: string): boolean {
  let re = '';
  const closers: string[] = [];
  let braces = 0;
  const g = glob.replace(/^\.\//, '');
  for (let i = 0; i < g.length; i++) {
    const c = g[i]!;
    if ('?*+@!'.includes(c) && g[i + 1] === '(') {
      closers.push({ '?': ')?', '*': ')*', '+': ')+', '@': ')', '!': ')' }[c]!);
      re += c === '!' ? '(?:[^/]*|' : '(?:';
      i++;
    } else if (c === ')' && closers.length) re += closers.pop();
    else if (c === '|' && closers.length) re += '|';
    else if (c === '*' && g[i + 1] === '*') {
      const slash = g[i + 2] === '/';
      re += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '[' && g.indexOf(']', i + 2) > i) {
      const end = g.indexOf(']', i + 2);
      re += `[${g.slice(i + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\')}]`;
      i = end;
    } else if (c === '{') {
      braces++;
      re += '(?:';
    } else if (c === '}' && braces) {
      braces--;
      re += ')';
    } else if (c === ',' && braces) re += '|';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  try {
    return new RegExp(`^${re}$`).test(path);
  } catch {
    return true; // a glob this cannot read: assume it matches (no finding rather than a wrong one)
  }
}

/** The first Claude Code that honours a handler's `"onFailure": "block"`; older ones let the call run when a guard cannot. */
export const ON_FAILURE_MIN_CLAUDE_CODE = '2.1.295';

/** The project's Claude Code (node_modules/.bin/claude, else claude on PATH), or undefined. */
function findClaudeCode(root: string): string | undefined {
  const local = join(root, 'node_modules', '.bin', 'claude');
  if (existsSync(local)) return local;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, 'claude'))) return join(dir, 'claude');
  }
  return undefined;
}

/** -1, 0 or 1 for dotted numeric versions. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** RH11: guards registered with onFailure "block" need a Claude Code that honours it, and events it fires. */
function checkClaudeCode(root: string, commands: HookCommand[]): Finding[] {
  const guards = commands.filter((c) => c.onFailure === 'block');
  if (guards.length === 0) return [];
  const bin = findClaudeCode(root);
  if (!bin) return [];
  const output = versionOf(bin, ['--version'], { CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' } as Env);
  const version = /(\d+\.\d+\.\d+)/.exec(output ?? '')?.[1];
  if (!version) return [];
  const upgrade = `Upgrade Claude Code: ${addDevCommand(['@anthropic-ai/claude-code@latest'])} (or npm i -g @anthropic-ai/claude-code@latest).`;
  // Events this Claude Code does not fire yet (hook-events.ts): it loads their hooks and never runs them.
  const tooNew = [...new Set(commands.map((c) => c.event))].flatMap((event) => {
    const since = findAgentEvent('claude-code', event)?.since;
    return since !== undefined && compareVersions(version, since) < 0 ? [{ code: 'RH11', ok: true, warning: true, message: `Claude Code ${version} is older than ${since}: it ignores the ${event} hooks ralph-hooks registered${event === 'PreSkillShellCommand' ? ', so the shell lines of skills and custom commands run unguarded' : ''}.`, fix: upgrade }] : [];
  });
  if (compareVersions(version, ON_FAILURE_MIN_CLAUDE_CODE) >= 0) {
    return [ok('RH11', `Claude Code ${version} blocks a call when a guard cannot run (onFailure "block")`), ...tooNew];
  }
  return [
    problem(
      'RH11',
      `Claude Code ${version} (${bin}) is older than ${ON_FAILURE_MIN_CLAUDE_CODE}: it ignores "onFailure": "block", so a guard whose script is missing or crashes lets the call run.`,
      upgrade,
    ),
    ...tooNew,
  ];
}

function checkRegistration(root: string, config: RalphHooksConfig, commands: HookCommand[]): Finding[] {
  const file = TARGETS[config.target].registrationFile;
  const path = join(root, file);
  if (!existsSync(path)) return config.hooks.length ? [problem('RH05', `${file} does not exist: no hook is registered.`, `Run: ${rhCommand('generate')}`)] : [];
  let text = '';
  let parsed: unknown;
  try {
    text = readFileSync(path, 'utf8');
    parsed = file.endsWith('.json') ? parseJsonText(text, file) : undefined;
  } catch (error) {
    return [problem('RH05', (error as Error).message, `Fix the JSON in ${file}, then run: ${rhCommand('generate')}`)];
  }
  let forgeflareHooks: { event: string; command: string }[] | undefined;
  if (TARGETS[config.target].registration === 'forgeflare-toml') {
    // forgeflare reads the whole file or none of it: one bad value anywhere (a hand-written
    // entry included) and no hook runs, so this is the first thing to say.
    const read = readForgeflareHooks(text);
    if (!read.ok) {
      return [problem('RH05', `${describeRejection(file, read.error)}\n${read.error.display.trimEnd().replace(/^/gm, '      ')}`, `Fix line ${read.error.line} of ${file}: forgeflare reads event, command, match_tool and phase as strings and timeout_ms as a whole number of milliseconds, and needs event and command in every [[hooks]] entry.`)];
    }
    forgeflareHooks = read.hooks;
  }
  const findings: Finding[] = [ok('RH05', forgeflareHooks ? `${file} parses as forgeflare reads it (${forgeflareHooks.length} hook entr${forgeflareHooks.length === 1 ? 'y' : 'ies'})` : `${file} parses`)];
  for (const command of commands) {
    const handlers = parsed === undefined ? [] : handlersOf(parsed, command.event, command.command);
    const registered = forgeflareHooks
      ? forgeflareHooks.some((hook) => hook.event === command.event && hook.command === command.command)
      : parsed === undefined ? text.includes(command.script) : handlers.length > 0;
    findings.push(
      registered
        ? ok('RH06', `${command.script} is registered for ${command.event}`)
        : problem('RH06', `${command.script} is not registered for ${command.event} in ${file}.`, `Run: ${rhCommand('generate')}`),
    );
    // A guard's handler that lost "onFailure": "block" (a hand edit): the agent runs the call when the guard cannot.
    if (command.onFailure === 'block' && handlers.length > 0 && handlers.every((handler) => handler.onFailure !== 'block')) {
      findings.push(problem('RH15', `${file}: the ${command.event} handler of ${command.script} has no "onFailure": "block": when the guard cannot run (missing, crashed, timed out) the agent lets the call through.`, `Put "onFailure": "block" back in that handler, or run: ${rhCommand('generate')}`));
    }
  }
  return findings;
}

/** The handlers registered for `event` with exactly this command. */
function handlersOf(settings: unknown, event: string, command: string): { onFailure?: string }[] {
  if (!isJsonObject(settings) || !isJsonObject(settings.hooks)) return [];
  return candidatesIn(settings.hooks).filter((handler) => handler.event === event && handler.command === command);
}

function checkScripts(root: string, commands: HookCommand[]): Finding[] {
  const findings: Finding[] = [];
  for (const command of commands) {
    const path = join(root, command.script);
    if (!existsSync(path)) {
      findings.push(problem('RH07', `${command.script} does not exist.`, `Run: ${rhCommand('generate')}`));
      continue;
    }
    const interpreter = command.command.split(' ')[0];
    if (interpreter === 'bash') {
      const syntax = spawnSync('bash', ['-n', path], { encoding: 'utf8' });
      findings.push(
        syntax.status === 0
          ? ok('RH08', `${command.script} runs under \`bash\` (syntax checked)`)
          : problem('RH08', `${command.script} does not parse under bash: ${syntax.stderr.trim()}`, `Undo the edit, or run: ${rhCommand('generate --force')}`),
      );
    } else if (interpreter !== 'node') {
      try {
        accessSync(path, constants.X_OK);
        findings.push(ok('RH08', `${command.script} is executable`));
      } catch {
        findings.push(problem('RH08', `${command.script} is not executable, and its command runs it directly.`, `chmod +x ${command.script}`));
      }
    }
  }
  return findings;
}

/**
 * RH14: a handler in any hook file here (ours, the user's, another target's) whose script is
 * not there, or is started directly without being executable: the agent reports an error at
 * every event, and a fail-closed guard blocks every call. Our current hooks' scripts are RH07's
 * and RH08's.
 */
function checkHandlerScripts(root: string, commands: HookCommand[], handlers: RegisteredHandler[]): Finding[] {
  const ours = new Set(commands.map((command) => join(root, command.script)));
  return handlersWithBrokenScripts(root, handlers)
    .filter((handler) => !ours.has(handler.script))
    .map((handler) => {
      const shown = relative(root, handler.script).startsWith('..') ? handler.script : relative(root, handler.script);
      return handler.problem === 'missing'
        ? problem('RH14', `${handler.file}: the ${handler.event} handler \`${handler.command}\` runs ${shown}, which does not exist: the agent reports an error (or blocks) every time it runs.`, `Remove that handler from ${handler.file}, or put the script back.`)
        : problem('RH14', `${handler.file}: the ${handler.event} handler \`${handler.command}\` starts ${shown} directly, and it is not executable: the agent reports an error (or blocks) every time it runs.`, `chmod +x ${shown}   (or start it with its interpreter: bash ${shown})`);
    });
}

/**
 * RH16 in the agent's own hook file here (deadMatcherWords): ralph-hooks translates the
 * matchers it writes; this finds the hand-written ones.
 */
function checkMatchers(target: Target, handlers: RegisteredHandler[]): Finding[] {
  return handlers
    .filter((handler) => handler.file === target.registrationFile)
    .flatMap((handler) =>
      deadMatcherWords(target, handler.event, handler.matcher).map((dead) => {
        const { message, fix } = deadMatcherFinding(handler.file, handler.event, handler.matcher!, dead, target);
        return problem('RH16', message, fix);
      }),
    );
}

type Planned = { plan: Plan; error?: undefined } | { plan?: undefined; error: Error };

/** What generate would do now: planned once, for RH09, RH10 and RH23. */
function planOrError(root: string, config: RalphHooksConfig): Planned {
  try {
    return { plan: planGeneration(root, config) };
  } catch (error) {
    return { error: error as Error };
  }
}

/**
 * RH23: the project's formatter, which formats what ralph-hooks writes (formatters/), what went
 * wrong with it, and one line when it is set up but not installed.
 */
function checkFormatting({ plan }: Planned): Finding[] {
  const formatting = plan?.formatting;
  if (!formatting) return [];
  const findings: Finding[] = formatting.active.map((f) => ok('RH23', `${f.spec.name} ${f.version} (${f.configFile}) formats what ralph-hooks writes`));
  if (formatting.missing.length) {
    const { message, fix } = notInstalled(formatting.missing);
    findings.push(problem('RH23', message, fix));
  }
  findings.push(...formatting.warnings.map((w) => ({ code: 'RH23', ok: true, warning: true, message: w })));
  return findings;
}

function checkManifest(root: string, plan: Plan | undefined): Finding[] {
  const manifest = readManifest(root);
  if (!manifest) return [problem('RH09', 'There is no .ralph-hooks/manifest.json: hand edits cannot be told from stale files.', `Run: ${rhCommand('generate')}`)];
  const adopted = manifest.adopted ?? {};
  // A file that is what generate would write now is no hand edit, whatever the manifest recorded
  // (the project's formatter with a config changed since, say): the manifest is only behind.
  const asGenerated = new Set((plan?.changes ?? []).filter((c) => c.tracked && c.current !== undefined && c.current === c.content).map((c) => c.path));
  const behind: string[] = [];
  const drift = Object.entries(manifest.files).filter(([path, hash]) => {
    const file = join(root, path);
    if (!existsSync(file)) return true;
    const actual = sha256(readFileSync(file, 'utf8'));
    if (actual === hash || actual === adopted[path]) return false;
    if (asGenerated.has(path)) behind.push(path);
    return !asGenerated.has(path);
  });
  const adoptedCount = Object.keys(adopted).filter((path) => manifest.files[path] !== undefined).length;
  if (drift.length === 0 && behind.length === 0) {
    return [ok('RH09', `the manifest matches all ${Object.keys(manifest.files).length} generated file(s)${adoptedCount ? ` (${adoptedCount} of them your adopted edit)` : ''}`)];
  }
  const findings = drift.map(([path]) =>
    problem(
      'RH09',
      existsSync(join(root, path)) ? `${path} differs from what ralph-hooks wrote (edited by hand).` : `${path} is in the manifest but missing.`,
      existsSync(join(root, path)) ? `Adopt the edit (${rhCommand('generate --on-conflict=adopt')}), or restore it: ${rhCommand('generate --force')}` : `Run: ${rhCommand('generate')}`,
    ),
  );
  if (behind.length) {
    findings.push(problem('RH09', `${behind.length} generated file(s) are not what the manifest recorded, but are what generate writes now (reformatted by the project's formatter, say), so no hand edit: ${behind.join(', ')}. The manifest is behind.`, `Run: ${rhCommand('generate')}   (it records them; the files stay as they are)`));
  }
  return findings;
}

function checkUpToDate(planned: Planned): Finding[] {
  if (planned.error) return [problem('RH10', planned.error.message, 'Fix the file named above.')];
  // Without the project's formatter, every file would look out of date: RH23 says why, once.
  if (planned.plan.formatting?.missing.length) return [];
  try {
    const { changes, previousManifest } = planned.plan;
    // Same content, executable bit lost (chmod -x, a zip download): a mode problem, not a config one.
    const modeOnly = changes.filter((c) => c.status === 'update' && c.current === c.content && c.executable);
    const pending = changes.filter((c) => (c.status === 'create' || c.status === 'update' || c.status === 'remove') && !modeOnly.includes(c));
    const findings = modeOnly.map((c) =>
      problem('RH12', `${c.path} is not executable any more (its content is as generated; its hook command starts it through an interpreter, so it still runs).`, `chmod +x ${c.path}   (or: ${rhCommand('generate')})`),
    );
    // An adopted edit made from an older rendering: the script runs without what the config asks.
    const lacking = changes.filter((c) => c.lacksConfig);
    findings.push(...lacking.map((c) => problem('RH10', `${c.path} is your adopted edit, made before a config change it lacks: the hook does not do what the config says.`, `See what it lacks: ${rhCommand('generate --dry-run --force')}; fold that into your edit and adopt it again (generate --on-conflict=adopt), or restore the generated version: ${rhCommand('generate --force')}`)));
    if (pending.length === 0) return lacking.length ? findings : [...findings, ok('RH10', 'the generated files match the config')];
    // Files written by another ralph-hooks: the installed one renders them anew, and upgrade says what changes.
    const writtenBy = previousManifest?.generator;
    const now = `ralph-hooks@${packageVersion()}`;
    if (writtenBy && writtenBy !== now && writtenBy !== 'unknown') {
      return [...findings, problem('RH10', `The files were generated by ${writtenBy}; ${now} is installed and renders ${pending.length} of them differently: ${pending.map((c) => c.path).join(', ')}.`, `Run: ${rhCommand('upgrade')}   (it shows what changes in each hook, then writes it)`)];
    }
    return [...findings, problem('RH10', `The config asks for changes not generated yet: ${pending.map((c) => c.path).join(', ')}.`, `Run: ${rhCommand('generate')}`)];
  } catch (error) {
    return [problem('RH10', (error as Error).message, 'Fix the file named above.')];
  }
}

/** Where the troubleshooting page is, as a path the user can open from the project root. */
export function troubleshootingPath(root: string): string {
  return docsPage('troubleshooting.md', root);
}

/** Each finding with its fix; `summary` adds doctor's closing line (the count, and where the codes are explained). */
export function formatFindings(findings: Finding[], color = false, root = process.cwd(), summary = true): string {
  const paint = (code: number, text: string) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
  const mark = (f: Finding) => (f.warning ? paint(33, '!') : f.ok ? paint(32, '✓') : paint(31, '✗'));
  const lines = findings.map((f) => `${mark(f)} ${f.code} ${f.warning ? 'warning: ' : ''}${f.message}${f.fix ? `\n      fix: ${f.fix}` : ''}`);
  const problems = findings.filter((f) => !f.ok).length;
  const warnings = findings.filter((f) => f.warning).length;
  const docs = `See ${troubleshootingPath(root)} for each code.`;
  if (summary) lines.push('', problems === 0 ? `All is well${warnings ? ` (${warnings} warning(s): ${docs})` : '.'}` : `${problems} problem(s). ${docs}`);
  return lines.join('\n');
}

/** GitHub Actions workflow commands: one annotation per finding that is a problem or a warning, at its file and line. */
export function formatGithub(findings: Finding[]): string {
  const escape = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const property = (text: string) => escape(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
  return findings
    .filter((f) => !f.ok || f.warning)
    .map((f) => {
      const place = f.file === undefined ? '' : ` file=${property(f.file)}${f.line === undefined ? '' : `,line=${f.line}`}`;
      const sep = place ? ',' : ' ';
      return `::${f.ok ? 'warning' : 'error'}${place}${sep}title=${property(f.code)}::${escape(`${f.message}${f.fix ? ` Fix: ${f.fix}` : ''}`)}`;
    })
    .join('\n');
}
