import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEMPLATES_DIR } from '../util/package-info.js';
import { z } from '../zod.js';
import { word } from './guard-rule.js';
import { loadGuardRules, rulePartials, rulesOptionsSchema, rulesTemplateContext, rulesTools, type GuardRule } from './guard-rules.js';
import { projectPathOption } from './path-option.js';
import { ereFullPattern, erePattern } from './regex-option.js';
import { contractTraits } from '../targets/contracts.js';
import { codeTemplateContext, programsTemplateContext, ruleCommandNames } from './guard-programs.js';
import { effectsTemplateContext } from './guard-effects.js';
import type { Preset, PresetTarget, Registration } from './types.js';

/**
 * The PreToolUse guard: a catalog of rules (guards-and-convergence.md §3), each with an id,
 * on/off and its own options. The template renders only the enabled rules; the contract
 * (Claude Code permissionDecision or forgeflare {"action":…}) is picked from the target.
 * The rules themselves live in templates/guard/rules/, one folder each.
 */

/**
 * The rules, in the order they run: where two rules would deny one call, the first one's
 * reason is given. Each is a folder of templates/guard/rules/ (see guard-rules.ts); a new
 * rule is its folder and its id here.
 */
export const GUARD_RULE_IDS = [
  'fs-destroy', 'git-destroy', 'gate-bypass', 'harness-tamper', 'secrets', 'lockfiles',
  'remote-exec', 'network', 'publish', 'host', 'infra', 'containers', 'cloud-storage', 'cloud-compute', 'databases',
  'deploy', 'scope', 'doom-loop',
] as const;

export const GUARD_RULES = await loadGuardRules(GUARD_RULE_IDS);

/** The rules whose rule.ts says `policy`: stricter than the effects model on purpose. */
export const POLICY_RULE_IDS: ReadonlySet<string> = new Set(GUARD_RULES.filter((rule) => rule.policy).map((rule) => rule.id));

/** The guard's options with these rules in its catalog. */
export function guardOptionsSchema(rules: readonly GuardRule[]) {
  return z.strictObject({
    rules: rulesOptionsSchema(rules),
    custom: z.array(z.strictObject({
      id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/).describe('Rule id used in reasons and the denial log.'),
      pattern: erePattern().describe('A POSIX extended regular expression (bash [[ =~ ]]: no \\d, (?…) groups or lazy quantifiers; checked when the config is read), matched (unanchored) against each normalised shell command (wrappers stripped, words joined by single spaces), or against the file path for file tools.'),
      tools: z.array(word).default(['Bash']).describe('Tools the rule applies to.'),
      reason: z.string().min(1).describe('What the agent should do instead.'),
    })).default([]).describe('Your own deny rules.'),
    allow: z.array(ereFullPattern().describe('A POSIX extended regular expression (bash [[ =~ ]]; checked when the config is read).')).default([])
      .describe('Allowlist: a normalised shell command (or file path) matching one of these patterns in full is exempt from every rule but harness-tamper.'),
    activeWhenEnv: z.string().regex(/^([A-Za-z_][A-Za-z0-9_]*)?$/).default('')
      .describe('Only guard while this environment variable is set and non-empty (e.g. RALPH_LOOP); empty: always.'),
    logFile: projectPathOption('.ralph-hooks/logs/guard.log').default('.ralph-hooks/logs/guard.log')
      .describe('Denial log, relative to the project root and inside it: time, rule id, tool, first 200 characters of the call.'),
    stateDir: projectPathOption('.ralph-hooks/state').default('.ralph-hooks/state').describe('Where stateful rules (doom-loop) keep their state, relative to the project root.'),
    maxCommandBytes: z.int().min(4096).max(16 * 1024 * 1024).default(1024 * 1024)
      .describe('Largest command (or path) the guard analyses, in bytes; a larger one is denied as too large to check.'),
    maxCommandTokens: z.int().min(1000).max(10_000_000).default(20_000)
      .describe('Most shell tokens (words, quoted strings, operators; nested commands included) the guard analyses in one call; a command with more is denied as too complex to check in time.'),
    maxCheckMs: z.int().min(100).max(600_000).default(3000)
      .describe('Most time, in milliseconds from its start, the guard spends on one call; a call it has not decided by then is denied as too complex to check in time. Capped at a third of the hook\'s timeout; a watchdog denies the call at twice this on the wall clock, so the guard answers before the agent stops waiting for it. The guard is registered with a timeout of three times this (at least 10 s) unless the entry sets one.'),
    maxNesting: z.int().min(1).max(8).default(3).describe('bash -c / sh -c / eval / $( ) levels looked into; deeper nesting is denied.'),
    logPrefix: z.string().regex(/^[\w.:-]+$/).default('ralph-guard').describe('Prefix of stderr lines.'),
  });
}

export const guardOptions = guardOptionsSchema(GUARD_RULES);

export type GuardOptions = z.infer<typeof guardOptions>;

/** Tools the guard must see, from the enabled rules and the custom ones; undefined means every tool. */
export function guardTools(options: GuardOptions, rules: readonly GuardRule[] = GUARD_RULES): string[] | undefined {
  const tools = rulesTools(rules, options.rules);
  if (tools === undefined) return undefined;
  return [...new Set([...tools, ...options.custom.flatMap((custom) => custom.tools)])];
}

/**
 * Does the guard check the shell lines of skills and custom commands? Those come as Bash or
 * PowerShell (PreSkillShellCommand's tool_name); the guard reads Bash commands only, so it
 * registers for the Bash lines, whenever it sees Bash calls (tools undefined: every tool).
 */
export function guardsSkillShellLines(tools: string[] | undefined): boolean {
  return tools === undefined || tools.includes('Bash');
}

/**
 * The guard's own deadline: maxCheckMs, but at most a third of the time the agent waits for
 * the hook (the entry's timeout, in seconds, else the timeout the guard is registered with),
 * so that a call the guard cannot finish is denied by the guard, with a reason, not left to
 * the agent's timeout: its watchdog fires at twice the deadline, a third of the wait before
 * the agent gives up.
 */
export function checkDeadlineMs(maxCheckMs: number, timeoutSeconds: number | undefined, _target?: PresetTarget): number {
  const waits = guardTimeoutSeconds(maxCheckMs, timeoutSeconds) * 1000;
  return Math.max(100, Math.min(maxCheckMs, Math.floor(waits / 3)));
}

/**
 * The guard's watchdog (guard-core.sh, watch_check): twice its deadline, on the wall clock,
 * on every path. The deadline proper is checked in the lexer's loops, and waits for the
 * guard's own CPU time as well (a busy machine is not the command's fault); the watchdog
 * holds whatever the machine and the path, and still inside the hook's timeout (a third of
 * it is left: see checkDeadlineMs).
 */
export function watchdogMs(checkMs: number): number {
  return 2 * checkMs;
}

/**
 * The timeout the guard is registered with, in seconds: the entry's own, else three times
 * its deadline and at least 10 s. Always written, for every agent: an agent's default
 * (forgeflare's 5 s) must never stop the guard before its watchdog answers, and most agents
 * run the call when a hook times out (docs/guards.md, Time limits).
 */
export function guardTimeoutSeconds(maxCheckMs: number, timeoutSeconds: number | undefined): number {
  return timeoutSeconds ?? Math.max(10, Math.ceil((3 * maxCheckMs) / 1000));
}

/**
 * The guard's machinery, by job (templates/guard/core/: reading the input, the lexer, argument
 * parsing, paths, the time budget, the decision…), as partials `core/<job>`.
 */
const CORE_DIR = join(TEMPLATES_DIR, 'guard', 'core');
const CORE_PARTIALS = Object.fromEntries(readdirSync(CORE_DIR).filter((file) => file.endsWith('.sh.hbs'))
  .map((file) => [`core/${file.replace(/\.sh\.hbs$/, '')}`, readFileSync(join(CORE_DIR, file), 'utf8')]));

/**
 * The files of a guard named `name`: the one registered, which holds the rules and the
 * settings (what a user opens to see what the guard denies), and the machinery it sources
 * from beside it, in three files so that none comes near a client's read limit: the core
 * (input, time, decision), the parser (lexer, arguments, paths) and the reading of what a
 * command really runs (shell text as bash reads it, programs that run other programs).
 */
export function guardFiles(name: string) {
  return { guard: `${name}.sh`, core: `${name}-core.sh`, parse: `${name}-parse.sh`, read: `${name}-read.sh`, effects: `${name}-effects.sh`, places: `${name}-places.sh`, rules: `${name}-rules` };
}

/** The enabled rules that have functions (rule.sh.hbs), in order: one file each. */
function rulesWithFunctions(rules: readonly GuardRule[], options: GuardOptions): string[] {
  return rules.filter((rule) => options.rules[rule.id]!.enabled && rule.partials.rule !== undefined).map((rule) => rule.id);
}

/**
 * The known programs (guard-programs.ts) for arguments.sh.hbs, with the command names the
 * enabled rules judge, read from their bash once per generated guard.
 */
function guardProgramsContext(rules: readonly GuardRule[], options: GuardOptions) {
  const enabled = rules.filter((rule) => options.rules[rule.id]!.enabled);
  const sources = enabled.flatMap((rule) => [rule.partials.command ?? '', rule.partials.rule ?? '']);
  return programsTemplateContext(ruleCommandNames(sources, enabled.map((rule) => options.rules[rule.id]!)));
}

/** The guard preset with these rules in its catalog (GUARD_RULES: the ones that ship). */
export function guardPreset(rules: readonly GuardRule[]): Preset<GuardOptions> {
  const partials = { ...CORE_PARTIALS, ...rulePartials(rules) };
  return {
    id: 'guard',
    kind: 'guard',
    summary: 'PreToolUse guard: a catalog of rules (fs-destroy, git-destroy, secrets, scope, doom-loop…) over normalised shell commands and file paths',
    options: guardOptionsSchema(rules),
    files: (entry) => {
      const files = guardFiles(entry.name);
      // Each enabled rule's functions in a file of their own: what the guard denies stays
      // readable one rule at a time, and no file grows with the catalog.
      const ruleFiles = rulesWithFunctions(rules, entry.options).map((id) => ({
        template: 'guard/guard-rule.sh.hbs', path: `${files.rules}/${id}.sh`, executable: false,
        partials, context: { ruleId: id },
      }));
      return [
        { template: 'guard/guard.sh.hbs', path: files.guard, executable: true, partials },
        // Sourced, never run: not executable.
        { template: 'guard/guard-core.sh.hbs', path: files.core, executable: false, partials },
        { template: 'guard/guard-parse.sh.hbs', path: files.parse, executable: false, partials },
        { template: 'guard/guard-read.sh.hbs', path: files.read, executable: false, partials },
        { template: 'guard/guard-effects.sh.hbs', path: files.effects, executable: false, partials },
        { template: 'guard/guard-places.sh.hbs', path: files.places, executable: false, partials },
        ...ruleFiles,
      ];
    },
    registrations: (entry, target?: PresetTarget) => {
      const tools = guardTools(entry.options, rules);
      const timeout = guardTimeoutSeconds(entry.options.maxCheckMs, entry.timeout);
      const contract = contractTraits(target);
      if (contract.phases) {
        // A matcher names one tool: a handler per tool the guard must see, among the agent's own.
        if (tools === undefined) return [{ event: 'PreToolUse', phase: 'guard', script: `${entry.name}.sh`, timeout }];
        return (contract.tools ?? []).filter((t) => tools.includes(t))
          .map((tool) => ({ event: 'PreToolUse' as const, phase: 'guard' as const, matcher: tool, script: `${entry.name}.sh`, timeout }));
      }
      // onFailure "block": a guard whose script is missing or crashes blocks the call instead of letting it run.
      const toolCalls: Registration = { event: 'PreToolUse', matcher: tools === undefined ? '*' : tools.join('|'), script: `${entry.name}.sh`, timeout, onFailure: 'block' };
      if (!guardsSkillShellLines(tools)) return [toolCalls];
      // The shell lines of skills and custom commands never reach PreToolUse (Claude Code
      // 2.1.332+ asks PreSkillShellCommand instead; older clients ignore the event). Optional:
      // left out for agents without the event.
      return [toolCalls, { event: 'PreSkillShellCommand', matcher: 'Bash', script: `${entry.name}.sh`, timeout, onFailure: 'block', optional: true }];
    },
    context: (entry, target?: PresetTarget) => ({
      ...rulesTemplateContext(rules, entry.options.rules),
      checkMs: checkDeadlineMs(entry.options.maxCheckMs, entry.timeout, target),
      watchMs: watchdogMs(checkDeadlineMs(entry.options.maxCheckMs, entry.timeout, target)),
      guardFile: guardFiles(entry.name).guard,
      coreFile: guardFiles(entry.name).core,
      parseFile: guardFiles(entry.name).parse,
      readFile: guardFiles(entry.name).read,
      effectsFile: guardFiles(entry.name).effects,
      placesFile: guardFiles(entry.name).places,
      rulesDir: guardFiles(entry.name).rules,
      ruleFiles: rulesWithFunctions(rules, entry.options),
      customTools: entry.options.custom.map((c) => c.tools.join(' ')),
      programs: guardProgramsContext(rules, entry.options),
      code: codeTemplateContext(),
      effects: effectsTemplateContext(),
    }),
  };
}

export const guard = guardPreset(GUARD_RULES);
