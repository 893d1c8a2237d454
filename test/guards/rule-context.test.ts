/**
 * The guard's rule context: the variables of the core a rule may read (or set), and the
 * helpers it may call, are the ones named in one block of the core (templates/guard/core/
 * context.sh.hbs) and in docs/architecture.md. A rule that reads any other variable of the
 * core leans on how the core works today: this test names the rule and the variable.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load.js';
import { renderHooks } from '../../src/generate/render-hooks.js';
import { GUARD_RULE_IDS, guardFiles } from '../../src/presets/guard.js';
import { GUARD_RULES_DIR } from '../../src/presets/guard-rules.js';
import { codeWords, namesAssigned, namesLocal, namesRead } from './bash-names.js';
import { REPO_ROOT } from '../helpers/cli.js';

/** The guard's files with every rule on, by role (the reading of what commands run, and what they do to files, as one). */
function renderedGuard() {
  const rules = Object.fromEntries(GUARD_RULE_IDS.map((id) => [id, { enabled: true }]));
  const { files } = renderHooks(validateConfig({ target: 'claude-project', hooks: [{ kind: 'guard', preset: 'guard', options: { rules } }] }));
  const names = guardFiles('guard');
  const content = (file: string) => files.find((f) => f.path.endsWith(`/${file}`))!.content;
  return { guard: content(names.guard), core: content(names.core), parse: content(names.parse), read: `${content(names.read)}\n${content(names.effects)}\n${content(names.places)}` };
}

/** The block's names: variables (a line `#   name  what…` before the helpers) and helpers. */
function declaredContext(core: string) {
  const start = core.indexOf('# The rule context:');
  const block = core.slice(start, core.indexOf('\n\n', start));
  const [variables, helpers] = block.split('# The helpers a rule may call');
  const names = (text: string) => new Set([...text!.matchAll(/^#   ([A-Za-z_][A-Za-z0-9_]*)\s/gm)].map((m) => m[1]!));
  return { variables: names(variables!), helpers: names(helpers!) };
}

const functionsDefined = (source: string) => new Set([...codeWords(source).matchAll(/^([a-z_][a-z0-9_]*)\(\) \{/gm)].map((m) => m[1]!));

/** What the guard's own file calls besides the rules' helpers: loading its rules, and main. */
const GUARD_FILE_CALLS = new Set(['main', 'read_raw', 'guard_failed']);

/** Bash's own variables, which the core sets locally (local IFS=…) as a rule may. */
const BASH_VARIABLES = new Set(['IFS', 'BASH_REMATCH', 'LC_ALL', 'HOME', 'PWD']);

/**
 * What the rule in SOURCE takes from the core beyond CONTEXT: variables it reads or sets,
 * helpers it calls. (`settings`: the rules' file, whose settings the core reads in turn.)
 */
export function undeclaredUse(source: string, core: string, context: { variables: Set<string>; helpers: Set<string> }, settings = false): string[] {
  const coreVariables = new Set([...namesAssigned(core)].filter((name) => !BASH_VARIABLES.has(name)));
  const coreFunctions = functionsDefined(core);
  const own = namesAssigned(source);
  // What the rule reads of its own: the names it gives a value (a bare `local NAME` only
  // scopes what a helper sets, and reading it afterwards reads the core's context).
  const ownValues = namesAssigned(source, { values: true });
  // A rule's settings (its settings.sh.hbs: `readonly NAME=…`) are rendered into the guard's
  // file but are the rule's own.
  const settingsOwn = new Set([...codeWords(source).matchAll(/\breadonly(?:\s+-[a-zA-Z]+)*\s+([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!));
  const locals = namesLocal(source);
  const words = new Set(codeWords(source).match(/(?<![-\w./])[a-z_][a-z0-9_]*/g) ?? []);
  return [
    ...[...namesRead(source)].filter((name) => coreVariables.has(name) && !ownValues.has(name) && !context.variables.has(name)).map((name) => `reads ${name}`),
    ...[...own].filter((name) => !settings && coreVariables.has(name) && !locals.has(name) && !settingsOwn.has(name) && !context.variables.has(name)).map((name) => `sets ${name}`),
    ...[...words].filter((name) => coreFunctions.has(name) && !functionsDefined(source).has(name) && !context.helpers.has(name) && !(settings && GUARD_FILE_CALLS.has(name))).map((name) => `calls ${name}`),
  ].sort();
}

/** Every rule folder's bash, as it stands in its folder. */
function ruleSources(): [string, string][] {
  return readdirSync(GUARD_RULES_DIR).map((id) => {
    const dir = join(GUARD_RULES_DIR, id);
    const bash = readdirSync(dir).filter((file) => file.endsWith('.sh.hbs')).map((file) => readFileSync(join(dir, file), 'utf8'));
    return [id, bash.join('\n')];
  });
}

describe('guard: the rule context', () => {
  const { guard, core, parse, read } = renderedGuard();
  // Wherever a variable is set, the rules see it: the guard's own file (its settings, STATE_DIR,
  // HOOK_NAME…) as much as the core and the parser.
  const machinery = `${guard}\n${core}\n${parse}\n${read}`;
  const context = declaredContext(core);

  it('names only what the core has: every variable is set there, every helper defined there', () => {
    expect(context.variables.size).toBeGreaterThan(20);
    const assigned = namesAssigned(machinery);
    expect([...context.variables].filter((name) => !assigned.has(name))).toEqual([]);
    const defined = functionsDefined(machinery);
    expect([...context.helpers].filter((name) => !defined.has(name))).toEqual([]);
  });

  it('every rule, and the rules\' file itself, reads and sets only the declared variables and calls only the declared helpers', () => {
    const guardTemplate = readFileSync(join(GUARD_RULES_DIR, '..', 'guard.sh.hbs'), 'utf8');
    const found = ruleSources().flatMap(([id, source]) => undeclaredUse(source, machinery, context).map((use) => `${id} ${use}`));
    expect(found).toEqual([]);
    expect(undeclaredUse(guardTemplate, machinery, context, true)).toEqual([]);
  });

  it('catches a rule that reads the lexer\'s own state, sets it, or calls its internals', () => {
    const rule = [
      'rule_peek() {',
      '  local a',
      '  [[ ${rest} == *x* ]] && deny peek "it peeks" "do not"',
      '  ((depth > 1)) && return 1',
      '  expect=out',
      '  for a in "${argv[@]}"; do end_word; done',
      '}',
    ].join('\n');
    expect(undeclaredUse(rule, machinery, context)).toEqual(['calls end_word', 'reads depth', 'reads rest', 'sets expect']);
  });

  it("catches a rule that reads a setting of the guard's own file that is not declared, even behind a bare local", () => {
    const rule = [
      'rule_settings() {',
      '  local GUARD_CORE',
      '  [[ -n ${ACTIVE_WHEN_ENV} ]] && log "${LOG_PREFIX} ${GUARD_CORE}"',
      '  log "${HOOK_NAME} ${STATE_DIR}"',
      '  return 0',
      '}',
    ].join('\n');
    // HOOK_NAME and STATE_DIR are declared; the others are set in guard.sh only.
    expect(undeclaredUse(rule, machinery, context)).toEqual(['reads ACTIVE_WHEN_ENV', 'reads GUARD_CORE', 'reads LOG_PREFIX']);
    // Without guard.sh among the files searched, none of them would be seen.
    expect(undeclaredUse(rule, `${core}\n${parse}\n${read}`, context)).toEqual([]);
  });

  it('docs/architecture.md lists the same names', () => {
    const docs = readFileSync(join(REPO_ROOT, 'docs/architecture.md'), 'utf8');
    const missing = [...context.variables, ...context.helpers].filter((name) => !docs.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
