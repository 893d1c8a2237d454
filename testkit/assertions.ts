/**
 * Assertions on a hook's result. Each throws HookAssertionError with a bats-assert-style
 * message showing what was expected, what came back, and the hook's full output (exit code,
 * stdout, stderr), so a failure can be read without re-running the hook.
 *
 * They understand both protocols: Claude Code (decision/reason, hookSpecificOutput
 * permissionDecision, exit 2) and forgeflare (`action`: allow|block|continue|signal).
 */
import { parseHookJson, type HookResult } from './run-hook.js';
import { formatFailure, type KeyValue } from './failure-message.js';

/** The part of a HookResult the assertions read; `json` is parsed from stdout when absent. */
export type HookOutput = Pick<HookResult, 'exitCode' | 'stdout' | 'stderr'> & Partial<Pick<HookResult, 'json' | 'timedOut'>>;

export type TextExpectation = string | RegExp;

export class HookAssertionError extends Error {
  constructor(
    readonly title: string,
    readonly expected: string,
    readonly actual: string,
    output: HookOutput,
  ) {
    super(formatFailure(title, [['expected', expected], ['actual', actual], ...outputPairs(output)]));
    this.name = 'HookAssertionError';
  }
}

/** The full output, as it is appended to every failure. */
export function outputPairs(output: HookOutput): KeyValue[] {
  const exit = output.timedOut ? 'timed out (killed)' : String(output.exitCode);
  return [
    ['exit code', exit],
    ['stdout', output.stdout],
    ['stderr', output.stderr],
  ];
}

function jsonOf(output: HookOutput): Record<string, unknown> | undefined {
  return output.json ?? parseHookJson(output.stdout).json;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The hook's reason: top-level `reason` (Claude Code block, forgeflare block), else PreToolUse permissionDecisionReason. */
export function reasonOf(output: HookOutput): string | undefined {
  const json = jsonOf(output);
  const specific = json?.hookSpecificOutput as Record<string, unknown> | undefined;
  return str(json?.reason) ?? str(specific?.permissionDecisionReason);
}

export function systemMessageOf(output: HookOutput): string | undefined {
  return str(jsonOf(output)?.systemMessage);
}

function matches(text: string, expected: TextExpectation): boolean {
  return typeof expected === 'string' ? text.includes(expected) : expected.test(text);
}

function describe(expected: TextExpectation): string {
  return typeof expected === 'string' ? expected : String(expected);
}

/** stdout is a JSON object with `decision: "block"` (a Stop or PostToolUse block). */
export function assertJsonBlock(output: HookOutput): void {
  const json = jsonOf(output);
  if (!json) throw new HookAssertionError('hook output is not a JSON block', '{"decision":"block", ...} on stdout', 'stdout is not a JSON object', output);
  if (json.decision !== 'block') {
    throw new HookAssertionError('hook output is not a JSON block', 'decision : "block"', `decision : ${JSON.stringify(json.decision) ?? 'missing'}`, output);
  }
}

/** The JSON reason contains `expected` (a substring, or a RegExp that must match). */
export function assertReasonContains(output: HookOutput, expected: TextExpectation): void {
  const reason = reasonOf(output);
  if (reason === undefined || !matches(reason, expected)) {
    throw new HookAssertionError('JSON reason does not contain the expected text', describe(expected), reason ?? '(no reason)', output);
  }
}

/** The JSON systemMessage contains `expected`. */
export function assertSystemMessageContains(output: HookOutput, expected: TextExpectation): void {
  const message = systemMessageOf(output);
  if (message === undefined || !matches(message, expected)) {
    throw new HookAssertionError('JSON systemMessage does not contain the expected text', describe(expected), message ?? '(no systemMessage)', output);
  }
}

/** stderr contains `expected`. */
export function assertStderrContains(output: HookOutput, expected: TextExpectation): void {
  if (!matches(output.stderr, expected)) {
    throw new HookAssertionError('stderr does not contain the expected text', describe(expected), output.stderr === '' ? '(empty)' : 'see stderr below', output);
  }
}

/**
 * The hook said nothing: exit 0 and empty stdout, and (unless `allowStderr`) empty stderr,
 * like the seed's `[ -z "$output" ]` on merged streams.
 */
export function assertSilent(output: HookOutput, options: { allowStderr?: boolean } = {}): void {
  const problems: string[] = [];
  if (output.exitCode !== 0) problems.push(`exit code ${output.timedOut ? 'timed out' : output.exitCode}`);
  if (output.stdout.trim() !== '') problems.push('stdout not empty');
  if (!options.allowStderr && output.stderr.trim() !== '') problems.push('stderr not empty');
  if (problems.length) {
    const expected = options.allowStderr ? 'exit 0, empty stdout' : 'exit 0, empty stdout and stderr';
    throw new HookAssertionError('hook was not silent', expected, problems.join(', '), output);
  }
}

type Decision = { kind: 'allow' | 'deny' | 'ask' | 'defer' | 'none' | 'invalid'; how: string; reason?: string };

/** Read a guard's decision in either protocol. */
export function guardDecision(output: HookOutput): Decision {
  const json = jsonOf(output);
  if (output.exitCode === 2) return { kind: 'deny', how: 'exit 2', reason: output.stderr.trim() || reasonOf(output) };
  if (output.exitCode !== 0) return { kind: 'invalid', how: `exit ${output.timedOut ? 'timed out' : output.exitCode}` };
  if (json && typeof json.action === 'string') {
    const kind = json.action === 'allow' ? 'allow' : json.action === 'block' ? 'deny' : 'invalid';
    return { kind, how: `forgeflare action "${json.action}"`, reason: str(json.reason) };
  }
  const specific = json?.hookSpecificOutput as Record<string, unknown> | undefined;
  const permission = str(specific?.permissionDecision);
  if (permission === 'allow' || permission === 'deny' || permission === 'ask' || permission === 'defer') {
    return { kind: permission, how: `permissionDecision "${permission}"`, reason: str(specific?.permissionDecisionReason) };
  }
  // Legacy top-level approve/block map to allow/deny (§1.5); Gemini CLI's BeforeTool answers deny/allow.
  if (json?.decision === 'block') return { kind: 'deny', how: 'decision "block"', reason: str(json.reason) };
  if (json?.decision === 'deny') return { kind: 'deny', how: 'decision "deny"', reason: str(json.reason) };
  if (json?.decision === 'allow') return { kind: 'allow', how: 'decision "allow"' };
  if (json?.decision === 'approve') return { kind: 'allow', how: 'decision "approve"' };
  return { kind: 'none', how: 'exit 0 without a decision' };
}

/**
 * The guard lets the call through: forgeflare `{"action":"allow"}`, Claude Code
 * `permissionDecision: "allow"`, or (unless `explicit`) exit 0 with no decision at all.
 */
export function assertAllow(output: HookOutput, options: { explicit?: boolean } = {}): void {
  const decision = guardDecision(output);
  const ok = decision.kind === 'allow' || (!options.explicit && decision.kind === 'none');
  if (!ok) {
    const expected = options.explicit ? 'an explicit allow' : 'allow (or exit 0 with no decision)';
    throw new HookAssertionError('guard did not allow', expected, decision.how, output);
  }
}

/**
 * The guard blocks the call: forgeflare `{"action":"block"}`, Claude Code
 * `permissionDecision: "deny"`, legacy `decision: "block"`, or exit 2. When `reason` is
 * given, the deny reason (exit 2: stderr) must contain it.
 */
export function assertDeny(output: HookOutput, reason?: TextExpectation): void {
  const decision = guardDecision(output);
  if (decision.kind !== 'deny') throw new HookAssertionError('guard did not deny', 'deny', decision.how, output);
  if (reason !== undefined && !matches(decision.reason ?? '', reason)) {
    throw new HookAssertionError('deny reason does not contain the expected text', describe(reason), decision.reason ?? '(no reason)', output);
  }
}

/**
 * What Claude Code (2.1.332+) does with a skill's or custom command's shell line after a
 * PreSkillShellCommand hook answered: the line is not run on exit 2, on a
 * `permissionDecision` of deny, ask or defer, or when the answer carries any `updatedInput`
 * (the client does not run a changed line); it runs on exit 0 otherwise, and on any other exit
 * code (stderr goes to the user only).
 */
export function skillShellLineOutcome(output: HookOutput): { blocked: boolean; how: string; reason?: string } {
  if (output.exitCode === 2) return { blocked: true, how: 'exit 2', reason: output.stderr.trim() };
  if (output.exitCode !== 0) return { blocked: false, how: `exit ${output.timedOut ? 'timed out' : output.exitCode} (the line runs)` };
  const specific = jsonOf(output)?.hookSpecificOutput as Record<string, unknown> | undefined;
  const permission = str(specific?.permissionDecision);
  const reason = str(specific?.permissionDecisionReason);
  if (specific !== undefined && 'updatedInput' in specific) return { blocked: true, how: 'updatedInput (a changed line is not run)', ...(reason === undefined ? {} : { reason }) };
  if (permission === 'deny' || permission === 'ask' || permission === 'defer') return { blocked: true, how: `permissionDecision "${permission}"`, ...(reason === undefined ? {} : { reason }) };
  return { blocked: false, how: permission === undefined ? 'exit 0 without a decision' : `permissionDecision "${permission}"` };
}

/**
 * A PreSkillShellCommand hook kept the line from running (skillShellLineOutcome); when
 * `reason` is given, the reason the model reads (`[not run: blocked by hook: REASON]`) must
 * contain it.
 */
export function assertSkillShellLineBlocked(output: HookOutput, reason?: TextExpectation): void {
  const outcome = skillShellLineOutcome(output);
  if (!outcome.blocked) throw new HookAssertionError('the shell line would run', 'deny, ask, defer, updatedInput or exit 2', outcome.how, output);
  if (reason !== undefined && !matches(outcome.reason ?? '', reason)) {
    throw new HookAssertionError('block reason does not contain the expected text', describe(reason), outcome.reason ?? '(no reason)', output);
  }
}

/** forgeflare PostToolUse convergence: `{"action":"signal"}`, with `signal` equal to `name` when given. */
export function assertSignal(output: HookOutput, name?: string): void {
  const json = jsonOf(output);
  const expected = name === undefined ? '{"action":"signal"}' : `{"action":"signal","signal":${JSON.stringify(name)}}`;
  if (output.exitCode !== 0 || json?.action !== 'signal' || (name !== undefined && json.signal !== name)) {
    const actual = json ? JSON.stringify({ action: json.action, signal: json.signal }) : 'stdout is not a JSON object';
    throw new HookAssertionError('hook did not signal', expected, actual, output);
  }
}
