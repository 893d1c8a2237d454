/**
 * Adding a guard rule is one folder (and its id in a list): a rule written into a temporary
 * folder, and nowhere else, reaches the options schema, the generated guard (whose bash
 * then denies its case under real bash and jq) and the docs' rule table.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validateConfig } from '../../src/config/load.js';
import { renderHooks } from '../../src/generate/render-hooks.js';
import { GUARD_RULES, guardPreset } from '../../src/presets/guard.js';
import { guardRuleTable, loadGuardRules, withGuardRuleTable, type GuardRule } from '../../src/presets/guard-rules.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { caseInput, guardProject, runGuard, scratchDir, verdict } from './helpers.js';
import { checkRuleCases, readRuleCases } from './rule-cases.js';

const RULE_API = pathToFileURL(join(REPO_ROOT, 'src/presets/guard-rule.ts')).href;

/** long-sleep: a `sleep` longer than maxSeconds stalls the loop. */
const FOLDER: Record<string, string> = {
  'rule.ts': `import { defineGuardRule, z } from '${RULE_API}';

export default defineGuardRule({
  summary: 'A sleep longer than maxSeconds.',
  enabled: true,
  options: {
    maxSeconds: z.int().min(1).default(60).describe('The longest sleep let through, in seconds.'),
  },
  docs: { blocks: '\`sleep 600\` (option \`maxSeconds\`, default 60)', letsThrough: '\`sleep 5\`, \`echo sleep 600\`' },
});
`,
  'settings.sh.hbs': 'readonly LONG_SLEEP_MAX={{int options.maxSeconds}}\n',
  'command.sh.hbs': '[[ ${cmd} == sleep ]] && { rule_long_sleep || return 1; }\n',
  'rule.sh.hbs': `# rule_long_sleep — a sleep of more than LONG_SLEEP_MAX seconds.
rule_long_sleep() {
  local a
  for a in "\${argv[@]:1}"; do
    if [[ \${a} =~ ^[0-9]{1,9}$ ]] && ((10#\${a} > LONG_SLEEP_MAX)); then
      deny long-sleep "sleep \${a} stalls the loop" "wait for what you need, not for a time"
      return 1
    fi
  done
  return 0
}
`,
  'cases.json': JSON.stringify({ deny: ['sleep 600', "bash -c 'sleep 3600'"], allow: ['sleep 5', 'echo sleep 600'] }),
};

let rules: GuardRule[];
let fixture: GuardRule;

beforeAll(async () => {
  const root = scratchDir('rules-');
  mkdirSync(join(root, 'long-sleep'));
  for (const [file, text] of Object.entries(FOLDER)) writeFileSync(join(root, 'long-sleep', file), text);
  [fixture] = (await loadGuardRules(['long-sleep'], root)) as [GuardRule];
  rules = [...GUARD_RULES, fixture];
});

/** The guard's files generated with the catalog `rules` and these guard options, by path. */
function generatedGuard(catalog: readonly GuardRule[], options: Record<string, unknown>): Record<string, string> {
  const preset = guardPreset(catalog);
  const config = validateConfig({ target: 'claude-project', hooks: [{ kind: 'guard', preset: 'guard' }] });
  config.hooks[0]!.options = preset.options.parse(options);
  return Object.fromEntries(renderHooks(config, [preset]).files.filter((file) => file.path.startsWith('.claude/hooks/guard')).map((file) => [file.path, file.content]));
}

/** Write the guard's files into the project. */
function writeGuard(project: { root: string }, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(project.root, path)), { recursive: true });
    writeFileSync(join(project.root, path), content);
  }
}

describe('a new guard rule, from its folder alone', () => {
  it('joins the options schema: its default, its own option checked, unknown options refused', () => {
    const options = guardPreset(rules).options;
    expect((options.parse({}) as any).rules['long-sleep']).toEqual({ enabled: true, maxSeconds: 60 });
    const tooShort = options.safeParse({ rules: { 'long-sleep': { maxSeconds: 0 } } });
    expect(tooShort.success).toBe(false);
    expect(tooShort.error!.issues[0]!.path).toEqual(['rules', 'long-sleep', 'maxSeconds']);
    expect(options.safeParse({ rules: { 'long-sleep': { maxMinutes: 1 } } }).success).toBe(false);
    const schema = z.toJSONSchema(options, { io: 'input', unrepresentable: 'any' }) as any;
    expect(schema.properties.rules.properties['long-sleep'].description).toBe('A sleep longer than maxSeconds.');
    // The shipped catalog does not know it: it came from the folder.
    expect(guardPreset(GUARD_RULES).options.safeParse({ rules: { 'long-sleep': {} } }).success).toBe(false);
  });

  it('its bash is in the guard, shellcheck-clean; with the rule off, the guard is the shipped one', () => {
    const files = generatedGuard(rules, {});
    const guard = files['.claude/hooks/guard.sh']!;
    expect(guard).toContain('readonly LONG_SLEEP_MAX=60\n');
    expect(guard).toContain('\n  [[ ${cmd} == sleep ]] && { rule_long_sleep || return 1; }\n');
    expect(guard).toMatch(/\nfor GUARD_RULE in .* doom-loop long-sleep; do\n/);
    expect(files['.claude/hooks/guard-rules/long-sleep.sh']).toContain('\nrule_long_sleep() {\n');
    expect(guard).toMatch(/# Rules in this build:.* scope doomLoop longSleep\n/);
    // What the rule changes; every other file is the shipped guard's, which guard.test.ts shellchecks.
    const shipped = generatedGuard(GUARD_RULES, {});
    const changed = Object.entries(files).filter(([path, content]) => shipped[path] !== content);
    expect(changed.map(([path]) => path)).toEqual(expect.arrayContaining(['.claude/hooks/guard.sh', '.claude/hooks/guard-rules/long-sleep.sh']));
    for (const [path, content] of changed) {
      const shellcheck = spawnSync('shellcheck', ['--severity=style', '-'], { input: content, encoding: 'utf8' });
      expect(shellcheck.error, 'shellcheck must be installed').toBeUndefined();
      expect(shellcheck.stdout, path).toBe('');
    }
    expect(generatedGuard(rules, { rules: { 'long-sleep': { enabled: false } } })).toEqual(shipped);
  });

  it('the generated guard denies its cases and lets its look-alikes through (real bash and jq); its option reaches the bash', async () => {
    const project = guardProject('claude-code');
    writeGuard(project, generatedGuard(rules, {}));
    const failures = await checkRuleCases(project, readRuleCases(fixture), 'long-sleep', 'long-sleep');
    expect(failures, failures.join('\n')).toEqual([]);
    expect(verdict(await runGuard(project, caseInput({ id: 1, dangerous: true, command: 'sleep 600' }, project))).reason)
      .toBe('long-sleep: sleep 600 stalls the loop. Instead: wait for what you need, not for a time');
    writeGuard(project, generatedGuard(rules, { rules: { 'long-sleep': { maxSeconds: 1000 } } }));
    expect(verdict(await runGuard(project, caseInput({ id: 2, dangerous: false, command: 'sleep 600' }, project))).kind).toBe('none');
  });

  it('gets its row in the docs table, after the rules before it', () => {
    const table = guardRuleTable(rules).split('\n');
    expect(table.at(-1)).toBe('| `long-sleep` | on | `sleep 600` (option `maxSeconds`, default 60) | `sleep 5`, `echo sleep 600` |');
    expect(table.at(-2)).toMatch(/^\| `doom-loop` \|/);
    const doc = readFileSync(join(REPO_ROOT, 'docs/guards.md'), 'utf8');
    const withRow = withGuardRuleTable(doc, rules);
    expect(withRow.replace(`${table.at(-1)}\n`, '')).toBe(doc);
  });
});
