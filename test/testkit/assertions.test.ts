import { describe, expect, it } from 'vitest';
import {
  assertAllow,
  assertDeny,
  assertJsonBlock,
  assertReasonContains,
  assertSignal,
  assertSilent,
  assertStderrContains,
  assertSystemMessageContains,
  HookAssertionError,
  runHook,
  type HookOutput,
} from '../../testkit/index.js';
import { fixture, thrownMessage } from './helpers.js';

const out = (stdout: string, exitCode = 0, stderr = ''): HookOutput => ({ stdout, stderr, exitCode });
const block = out('{"decision":"block","reason":"Continue spec: test-spec (Task 1/5, Iter 1)","systemMessage":"Ralph-specum iteration 1 | Task 1/5"}');

describe('assertions pass on real hook output', () => {
  it('block, reason, systemMessage', async () => {
    const result = await runHook(fixture('block.sh'), {});
    assertJsonBlock(result);
    assertReasonContains(result, 'Keep going');
    assertReasonContains(result, /task \d is not done/);
    assertSystemMessageContains(result, 'iteration 1');
  });
  it('silent, allow, deny, signal', async () => {
    assertSilent(await runHook(fixture('silent.sh'), {}));
    assertSilent(await runHook(fixture('noisy-stderr.sh'), {}), { allowStderr: true });
    assertAllow(await runHook(fixture('deny-guard.sh'), { tool_input: { command: 'ls' } }));
    assertAllow(await runHook(fixture('deny-guard.sh'), { tool_input: { command: 'git status' } }), { explicit: true });
    assertDeny(await runHook(fixture('deny-guard.sh'), { tool_input: { command: 'rm -rf /' } }), 'rm -rf is not allowed');
    assertDeny(await runHook(fixture('deny-guard.sh'), { tool_input: { command: 'curl x' } }), 'network access');
    assertAllow(await runHook(fixture('forgeflare-guard.sh'), { input: { command: 'ls' } }), { explicit: true });
    assertDeny(await runHook(fixture('forgeflare-guard.sh'), { input: { command: 'rm -rf /' } }), /deny pattern/);
    assertSignal(await runHook(fixture('forgeflare-convergence.sh'), { is_error: false, result: '0 failed' }), 'converged');
    assertStderrContains(await runHook(fixture('noisy-stderr.sh'), {}), 'nothing to do');
  });
});

describe('each assertion fails with the full output and what was expected', () => {
  it('assertJsonBlock on plain text', () => {
    expect(thrownMessage(() => assertJsonBlock(out('Keep going\n', 0, 'log line\n')))).toBe(
      [
        '-- hook output is not a JSON block --',
        'expected (1 lines):',
        '  {"decision":"block", ...} on stdout',
        'actual (1 lines):',
        '  stdout is not a JSON object',
        'exit code (1 lines):',
        '  0',
        'stdout (1 lines):',
        '  Keep going',
        'stderr (1 lines):',
        '  log line',
        '--',
      ].join('\n'),
    );
  });

  it('assertJsonBlock on another decision, single-line layout aligned on the colon', () => {
    expect(thrownMessage(() => assertJsonBlock(out('{"decision":"approve"}')))).toBe(
      [
        '-- hook output is not a JSON block --',
        'expected  : decision : "block"',
        'actual    : decision : "approve"',
        'exit code : 0',
        'stdout    : {"decision":"approve"}',
        'stderr    : ',
        '--',
      ].join('\n'),
    );
  });

  it('assertReasonContains', () => {
    const message = thrownMessage(() => assertReasonContains(block, 'Task 9/9'));
    expect(message).toBe(
      [
        '-- JSON reason does not contain the expected text --',
        'expected  : Task 9/9',
        'actual    : Continue spec: test-spec (Task 1/5, Iter 1)',
        'exit code : 0',
        `stdout    : ${block.stdout}`,
        'stderr    : ',
        '--',
      ].join('\n'),
    );
  });

  it('assertSystemMessageContains with a RegExp and no systemMessage', () => {
    expect(thrownMessage(() => assertSystemMessageContains(out('{"decision":"block"}'), /iteration \d/))).toContain(
      'expected  : /iteration \\d/\nactual    : (no systemMessage)',
    );
  });

  it('assertSilent names every problem', () => {
    expect(thrownMessage(() => assertSilent(out('x', 1, 'err')))).toBe(
      [
        '-- hook was not silent --',
        'expected  : exit 0, empty stdout and stderr',
        'actual    : exit code 1, stdout not empty, stderr not empty',
        'exit code : 1',
        'stdout    : x',
        'stderr    : err',
        '--',
      ].join('\n'),
    );
  });

  it('assertAllow / assertDeny / assertSignal', () => {
    expect(thrownMessage(() => assertAllow(out('{"action":"block","reason":"no"}')))).toContain(
      '-- guard did not allow --\nexpected  : allow (or exit 0 with no decision)\nactual    : forgeflare action "block"',
    );
    expect(thrownMessage(() => assertAllow(out(''), { explicit: true }))).toContain('expected  : an explicit allow\nactual    : exit 0 without a decision');
    expect(thrownMessage(() => assertDeny(out('', 1, 'crash')))).toContain('-- guard did not deny --\nexpected  : deny\nactual    : exit 1');
    expect(thrownMessage(() => assertDeny(out('', 2, 'curl is blocked'), 'rm'))).toContain(
      '-- deny reason does not contain the expected text --\nexpected  : rm\nactual    : curl is blocked',
    );
    expect(thrownMessage(() => assertSignal(out('{"action":"continue"}'), 'converged'))).toContain(
      '-- hook did not signal --\nexpected  : {"action":"signal","signal":"converged"}\nactual    : {"action":"continue"}',
    );
  });

  it('assertStderrContains, and a timeout shows in the exit code line', () => {
    const message = thrownMessage(() => assertStderrContains({ ...out(''), exitCode: null, timedOut: true }, 'x'));
    expect(message).toContain('exit code : timed out (killed)');
  });

  it('throws HookAssertionError carrying expected and actual', () => {
    try {
      assertJsonBlock(out('{"decision":"approve"}'));
    } catch (error) {
      expect(error).toBeInstanceOf(HookAssertionError);
      expect(error).toMatchObject({ expected: 'decision : "block"', actual: 'decision : "approve"' });
    }
    expect.assertions(2);
  });
});

describe('decision reading across protocols', () => {
  it('legacy decision block / approve and exit 2 with JSON', () => {
    assertDeny(out('{"decision":"block","reason":"legacy"}'), 'legacy');
    assertAllow(out('{"decision":"approve"}'), { explicit: true });
    assertDeny(out('', 2, 'from stderr'), 'from stderr');
    expect(thrownMessage(() => assertAllow(out('{"hookSpecificOutput":{"permissionDecision":"ask"}}')))).toContain('actual    : permissionDecision "ask"');
  });
});
