/**
 * A guard rule's cases (templates/guard/rules/<id>/cases.json) run through a generated
 * guard: each call it must deny, each look-alike it must let through.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { GuardRule } from '../../src/presets/guard-rules.js';
import { caseInput, runGuard, verdict, type GuardProject } from './helpers.js';

/** One call of a rule's cases: a shell command, or a tool with its input ({root} and {home} are filled in). */
const ruleCase = z.union([
  z.string().min(1),
  z.strictObject({
    command: z.string().min(1).optional(),
    tool: z.string().min(1).optional(),
    input: z.record(z.string(), z.unknown()).optional(),
    times: z.int().min(1).max(20).optional().describe('Make the call this many times in a row; the last answer counts.'),
    note: z.string().optional(),
  }),
]);
export const ruleCasesSchema = z.strictObject({
  options: z.record(z.string(), z.unknown()).optional().describe('The rule\'s options for these cases (the rule is turned on).'),
  deny: z.array(ruleCase).min(1),
  allow: z.array(ruleCase).min(1),
});
export type RuleCases = z.infer<typeof ruleCasesSchema>;
export type RuleCase = z.infer<typeof ruleCase>;

/** The rule's cases.json, checked. */
export function readRuleCases(rule: GuardRule): RuleCases {
  const file = join(rule.dir, 'cases.json');
  if (!existsSync(file)) throw new Error(`${file}: every guard rule has its cases`);
  return ruleCasesSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** The rules' options for their cases: `only` on (or every rule, without it), each with its cases' options; the others off. */
export function rulesOptions(rules: readonly GuardRule[], only?: GuardRule): Record<string, unknown> {
  return Object.fromEntries(rules.map((rule) => [rule.id, only === undefined || rule === only ? { ...readRuleCases(rule).options, enabled: true } : { enabled: false }]));
}

const describeCase = (c: RuleCase) => (typeof c === 'string' ? c : c.command ?? `${c.tool} ${JSON.stringify(c.input)}`) + (typeof c !== 'string' && c.times ? ` (×${c.times})` : '');

/**
 * Run one case (its `times` calls in a row, in a session of its own) and say what went
 * wrong, if anything: a call to deny must be denied at the last call, by `rule` when given;
 * a look-alike must be let through every time.
 */
async function checkCase(project: GuardProject, c: RuleCase, expect: 'deny' | 'allow', session: string, rule?: string): Promise<string[]> {
  const call = typeof c === 'string' ? { command: c } : c;
  const input = caseInput({ id: 0, dangerous: expect === 'deny', ...(call.command !== undefined ? { command: call.command } : { tool: call.tool, input: call.input }) }, project, session);
  const times = call.times ?? 1;
  const problems: string[] = [];
  for (let n = 1; n <= times; n++) {
    const result = await runGuard(project, input);
    const { kind, reason } = verdict(result);
    const last = n === times;
    if (result.exitCode !== 0) problems.push(`exit ${result.exitCode}: ${describeCase(c)}\n    ${result.stderr.trim()}`);
    else if (expect === 'allow' || !last) {
      if (kind !== 'none') problems.push(`BLOCKED at call ${n}: ${describeCase(c)}\n    ${reason ?? kind}`);
    } else if (kind !== 'deny') problems.push(`ALLOWED: ${describeCase(c)}`);
    else if (rule && !reason?.startsWith(`${rule}: `)) problems.push(`denied by another rule (expected ${rule}): ${describeCase(c)}\n    ${reason}`);
  }
  return problems;
}

/** Every case of `cases` against the project's guard; the list of failures (empty when all hold). */
export async function checkRuleCases(project: GuardProject, cases: RuleCases, label: string, rule?: string): Promise<string[]> {
  const all = [...cases.deny.map((c) => ['deny', c] as const), ...cases.allow.map((c) => ['allow', c] as const)]
    .map(([expect, c], index) => ({ expect, c, session: `${label}-${index}` }));
  // One after the other: the doom-loop rule remembers only the last call, so calls of other
  // cases in between would restart its count.
  const problems: string[] = [];
  for (const { expect, c, session } of all) problems.push(...await checkCase(project, c, expect, session, rule));
  return problems.map((problem) => `${label}: ${problem}`);
}
