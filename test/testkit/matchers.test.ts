import { describe, expect, it } from 'vitest';
import '../../testkit/vitest.js';
import { runHook, stopInput, type HookOutput } from '../../testkit/index.js';
import { fixture } from './helpers.js';

const out = (stdout: string, exitCode = 0, stderr = ''): HookOutput => ({ stdout, stderr, exitCode });

describe('vitest matchers', () => {
  it('pass on real hook output', async () => {
    const result = await runHook(fixture('block.sh'), stopInput());
    expect(result).toBeJsonBlock();
    expect(result).toHaveReasonContaining('Keep going');
    expect(result).toHaveSystemMessageContaining(/iteration \d/);
    expect(await runHook(fixture('silent.sh'), stopInput())).toBeSilent();
    expect(await runHook(fixture('noisy-stderr.sh'), stopInput())).toHaveStderrContaining('[fixture]');
    expect(await runHook(fixture('deny-guard.sh'), { tool_input: { command: 'rm -rf /' } })).toDeny(/rm -rf/);
    expect(await runHook(fixture('forgeflare-guard.sh'), { input: { command: 'ls' } })).toAllow({ explicit: true });
    expect(await runHook(fixture('forgeflare-convergence.sh'), { is_error: false, result: '0 failed' })).toSignal('converged');
  });

  it('.not passes when the assertion fails', () => {
    expect(out('')).not.toBeJsonBlock();
    expect(out('{"decision":"block","reason":"a"}')).not.toHaveReasonContaining('b');
    expect(out('x')).not.toBeSilent();
    expect(out('{"action":"block"}')).not.toAllow();
    expect(out('{"action":"allow"}')).not.toDeny();
    expect(out('{"action":"continue"}')).not.toSignal();
  });

  it('toBlockSkillShellLine: what keeps a skill\'s shell line from running (deny, ask, defer, any updatedInput, exit 2); .not: it runs', () => {
    const answer = (specific: Record<string, unknown>) => out(JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreSkillShellCommand', ...specific } }));
    expect(answer({ permissionDecision: 'deny', permissionDecisionReason: 'fs-destroy: no' })).toBlockSkillShellLine(/^fs-destroy/);
    expect(answer({ permissionDecision: 'ask' })).toBlockSkillShellLine();
    expect(answer({ permissionDecision: 'defer' })).toBlockSkillShellLine();
    expect(answer({ permissionDecision: 'allow', updatedInput: { command: 'ls' } })).toBlockSkillShellLine();
    expect(out('', 2, 'no rm here')).toBlockSkillShellLine('no rm here');
    expect(out('')).not.toBlockSkillShellLine();
    expect(answer({ permissionDecision: 'allow' })).not.toBlockSkillShellLine();
    expect(out('', 1, 'crashed')).not.toBlockSkillShellLine(); // any other exit code: the line runs
    expect(() => expect(out('')).toBlockSkillShellLine()).toThrow('-- the shell line would run --\nexpected  : deny, ask, defer, updatedInput or exit 2\nactual    : exit 0 without a decision');
    expect(() => expect(answer({ permissionDecision: 'deny', permissionDecisionReason: 'a' })).toBlockSkillShellLine('b')).toThrow('-- block reason does not contain the expected text --');
  });

  it('a failing matcher reports the assertion message', () => {
    expect(() => expect(out('{"decision":"approve"}')).toBeJsonBlock()).toThrow(
      '-- hook output is not a JSON block --\nexpected  : decision : "block"\nactual    : decision : "approve"',
    );
  });

  it('a failing .not explains what matched', () => {
    expect(() => expect(out('{"decision":"block"}')).not.toBeJsonBlock()).toThrow(
      '-- toBeJsonBlock passed but .not was used --\nexpected  : not a JSON block (decision: "block")\nactual    : a JSON block (decision: "block")',
    );
  });

  it('throws a TypeError at the test line for something that is not a hook result', () => {
    expect(() => expect('just a string').toBeJsonBlock()).toThrow(TypeError);
    expect(() => expect({ stdout: '' }).toBeSilent()).toThrow(/toBeSilent: expected the result of runHook\(\)/);
  });
});
