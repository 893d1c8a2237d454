/**
 * The guard's time is bounded as a whole, rules included: the shapes that once kept it busy
 * for minutes (a long `&&` chain that follows cd, tens of thousands of paths after sed -i,
 * tee or chmod -R) are decided well inside a hook's timeout, and its own deadline denies a
 * call it cannot finish as too complex to check. No test here races the clock: each asserts
 * the decision and its reason, under a bound some thirty times what the guard needs. Texts
 * of hundreds of KB are also cut into pieces with nothing lost. Each call here costs about a
 * second of CPU: in the full suite, not the quick one.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderHooks } from '../../src/generate/render-hooks.js';
import { validateConfig } from '../../src/config/load.js';
import { checkDeadlineMs, guardTimeoutSeconds, watchdogMs } from '../../src/presets/guard.js';
import { runHook, type HookResult } from '../../testkit/index.js';
import { caseInput, guardProject, runGuard, verdict, type GuardProject } from '../guards/helpers.js';

/** Far above what any shape here needs (about a second), far below what they took before (85 s). */
const BOUND_MS = 30_000;
/** A deadline (maxCheckMs) no machine reaches here: the rules decide, not the clock. */
const FAR = 600_000;
const TOO_LARGE = /^too-large: (the command (holds more than \d+ shell tokens|took more than \d+ ms to check|chains more than \d+ commands)|the guard could not finish checking the command within \d+ ms)/;
/** The watchdog's denial: the check did not end by twice the deadline. */
const TOO_SLOW = (ms: number) => new RegExp(`^too-large: the guard could not finish checking the command within ${ms} ms: it is too long or too complex to check in time \\(or the machine is too busy\\)\\. Instead: `);
/** The denial before lexing: a plain command line of more than maxCommandTokens / 4 commands. */
const TOO_MANY_COMMANDS = /^too-large: the command chains more than 5000 commands, too many to check in time\. Instead: /;

function run(project: GuardProject, command: string, id = 1): Promise<HookResult> {
  return runHook(project.script, caseInput({ id, command, dangerous: false }, project), {
    cwd: project.root,
    env: { HOME: project.home, CLAUDE_PROJECT_DIR: project.contract === 'forgeflare' ? undefined : project.root },
    timeoutMs: BOUND_MS,
  });
}

/** The guard answered, in time, with exit 0. */
function decided(result: HookResult): { kind: string; reason?: string } {
  expect(result.timedOut, `the guard was still running after ${BOUND_MS} ms`).toBe(false);
  expect(result.exitCode).toBe(0);
  return verdict(result);
}

const chain = (unit: string, n: number) => Array.from({ length: n }, () => unit).join(' && ');
const paths = (n: number) => Array.from({ length: n }, (_, i) => `f${i}`).join(' ');

describe('guard: bounded time on long chains and many paths', () => {
  for (const contract of ['claude-code', 'forgeflare'] as const) {
    it(`${contract}: 6,666 × \`cd d &&\` (53 KB) is denied before lexing, as more than 5,000 commands`, async () => {
      const p = guardProject(contract, { rules: { 'doom-loop': { enabled: false } } });
      expect(decided(await run(p, chain('cd d', 6666)))).toEqual({ kind: 'deny', reason: expect.stringMatching(TOO_MANY_COMMANDS) });
      // Newlines and semicolons separate commands as && does.
      expect(decided(await run(p, Array.from({ length: 10_002 }, () => 'true').join('\n'), 2)).reason).toMatch(TOO_MANY_COMMANDS);
      expect(decided(await run(p, Array.from({ length: 10_002 }, () => 'true').join(';'), 3)).reason).toMatch(TOO_MANY_COMMANDS);
    }, BOUND_MS * 2);
  }

  it('the same chain with a quoted word (just under 20,000 lexer steps) goes through the lexer, which decides it in time', async () => {
    const p = guardProject('forgeflare', { rules: { 'doom-loop': { enabled: false } } });
    const answer = decided(await run(p, chain('cd "d"', 6666)));
    expect(answer.kind).toBe('deny');
    expect(answer.reason).toMatch(TOO_LARGE);
    expect(answer.reason).not.toMatch(TOO_MANY_COMMANDS);
  }, BOUND_MS * 2);

  it('only the separators of the plain start are counted: quoted, commented or fewer, the lexer decides', async () => {
    const p = guardProject('forgeflare', { rules: { 'doom-loop': { enabled: false } } });
    const separators = '&&;|'.repeat(5_000);
    expect(decided(await run(p, `echo '${separators}'`))).toEqual({ kind: 'allow', reason: undefined });
    expect(decided(await run(p, `echo ok # ${separators}`, 2))).toEqual({ kind: 'allow', reason: undefined });
    expect(decided(await run(p, `cat <<'EOF'\n${separators}\nEOF`, 3))).toEqual({ kind: 'allow', reason: undefined });
    // The plain start is what counts: a chain that ends in a comment or a quoted word is still one.
    expect(decided(await run(p, `${chain('cd d', 6666)} # a note`, 5)).reason).toMatch(TOO_MANY_COMMANDS);
    expect(decided(await run(p, `${chain('cd d', 6666)} && echo 'done'`, 6)).reason).toMatch(TOO_MANY_COMMANDS);
    // 5,000 commands: 4,999 operators, under the limit; decided by the lexer (in its budget, or over it).
    expect(decided(await run(p, chain('true', 5000), 4)).reason ?? '').not.toMatch(TOO_MANY_COMMANDS);
  }, BOUND_MS * 4);

  it('a chain the budget accepts is checked to its end: cd is followed all the way', async () => {
    // The deadline far out: the answer is the rules', however busy the machine.
    const p = guardProject('forgeflare', { maxCheckMs: FAR, rules: { 'doom-loop': { enabled: false } } });
    expect(decided(await run(p, `${chain('cd d', 3000)} && ls`))).toEqual({ kind: 'allow', reason: undefined });
    const denied = decided(await run(p, `${chain('cd d', 3000)} && cd / && rm -rf usr`, 2));
    expect(denied.reason).toMatch(/^fs-destroy: recursive delete of 'usr' resolves to \/usr/);
  }, BOUND_MS * 3);

  it('20,000 paths after sed -i, tee or chmod -R are decided: the rules\' work counts against the token budget', async () => {
    const p = guardProject('forgeflare', { rules: { 'doom-loop': { enabled: false } } });
    for (const [i, command] of [`sed -i s/a/b/ ${paths(20_000)}`, `echo x | tee ${paths(20_000)}`, `chmod -R 755 ${paths(20_000)}`].entries()) {
      const answer = decided(await run(p, command, i));
      expect(answer.kind).toBe('deny');
      expect(answer.reason).toMatch(TOO_LARGE);
    }
  }, BOUND_MS * 4);

  it('thousands of paths are each still checked: a protected, secret, generated or outside path among them is found', async () => {
    const p = guardProject('forgeflare', { maxCheckMs: FAR, rules: { 'doom-loop': { enabled: false } } });
    symlinkSync('/etc/hostname', join(p.root, 'link-out'));
    writeFileSync(join(p.root, 'f7'), 'x\n');
    // A folder with more entries than the names written to it (each name is tested there,
    // rather than the folder's links listed), a link out among them.
    mkdirSync(join(p.root, 'big'));
    for (let i = 0; i < 200; i++) writeFileSync(join(p.root, 'big', `e${i}`), '');
    symlinkSync('/etc/hostname', join(p.root, 'big', 'link-out'));
    const many = paths(4000);
    const cases: [string, RegExp | 'allow'][] = [
      [`sed -i s/a/b/ ${many}`, 'allow'],
      [`echo x | tee ${many}`, 'allow'],
      [`chmod -R 755 ${many}`, 'allow'],
      [`rm -rf ${many}`, 'allow'],
      [`sed -i s/a/b/ ${many} .claude/hooks/guard.sh`, /^harness-tamper: \.claude\/hooks\/guard\.sh belongs/],
      [`echo x | tee ${many} ralph-hooks.config.json f1`, /^harness-tamper: ralph-hooks\.config\.json belongs/],
      [`rm -rf ${many} .forgeflare`, /^harness-tamper: \.forgeflare belongs/],
      [`sed -i s/a/b/ ${many} link-out`, /^scope: link-out resolves to \/etc\/hostname/],
      [`echo x | tee ${many} ../sibling`, /^scope: \.\.\/sibling resolves to /],
      [`sed -i s/a/b/ ${many} package-lock.json`, /^lockfiles: package-lock\.json is a lockfile/],
      [`echo x | tee ${many} node_modules/x/index.js`, /^lockfiles: node_modules\/ is generated/],
      [`cat ${many} .env`, /^secrets: \.env holds credentials/],
      [`chmod -R 755 ${many} /`, /^fs-destroy: recursive chmod of '\/' resolves to \//],
      [`rm -rf ${many} ..`, /^fs-destroy: recursive delete of '\.\.' resolves to /],
      [`cd src && rm -rf ${many} ../.git`, /^harness-tamper: \.\.\/\.git belongs/],
      [`cd big && sed -i s/a/b/ ${paths(100)}`, 'allow'],
      [`cd big && sed -i s/a/b/ ${paths(100)} link-out`, /^scope: link-out resolves to \/etc\/hostname/],
      [`cd big && echo x | tee link-out ${paths(100)}`, /^scope: link-out resolves to \/etc\/hostname/],
    ];
    // The deadline is set far out (maxCheckMs): every call is decided by the rules, however
    // busy the machine, so every one is asserted, none skipped.
    for (const [i, [command, expected]] of cases.entries()) {
      const answer = decided(await run(p, command, i));
      if (expected === 'allow') expect(answer, command.slice(0, 40)).toEqual({ kind: 'allow', reason: undefined });
      else expect(answer.reason, command.slice(-60)).toMatch(expected);
    }
    // Without harness-tamper, fs-destroy itself finds the repository's history among them.
    const q = guardProject('forgeflare', { maxCheckMs: FAR, rules: { 'doom-loop': { enabled: false }, 'harness-tamper': { enabled: false } } });
    const git = decided(await run(q, `cd src && rm -rf ${many} ../.git`));
    expect(git.reason).toMatch(/^fs-destroy: recursive delete of '\.\.\/\.git' resolves to .*\/\.git, the repository's history/);
  }, BOUND_MS * 8);
});

describe('guard: its own deadline', () => {
  it('a call not decided within maxCheckMs is denied as too complex to check, exit 0', async () => {
    const p = guardProject('claude-code', { maxCheckMs: 100, maxCommandTokens: 1_000_000, rules: { 'doom-loop': { enabled: false } } });
    // About a second of work: past 100 ms on the clock and 50 ms of the guard's own CPU time
    // (the lexer's check), or past the watchdog's 200 ms (on a busy machine, either comes first).
    const result = await run(p, chain('cd d', 4000));
    expect(decided(result)).toEqual({ kind: 'deny', reason: expect.stringMatching(/^too-large: (the command took more than 100 ms to check, too complex to check in time|the guard could not finish checking the command within 200 ms: .*)\. Instead: /) });
  }, BOUND_MS * 2);

  for (const contract of ['claude-code', 'forgeflare'] as const) {
    it(`${contract}: a check that never ends (jq that never answers) is killed at the watchdog and the call denied, exit 0`, async () => {
      // The clock is the test's: a deadline of 100 ms (the watchdog at 200 ms), and a jq that
      // sleeps for 90 s. Without the watchdog the guard would wait for jq (run's bound, 30 s).
      const p = guardProject(contract, { maxCheckMs: 100, rules: { 'doom-loop': { enabled: false } } });
      const bin = join(p.home, 'bin');
      mkdirSync(bin);
      writeFileSync(join(bin, 'jq'), '#!/bin/bash\nexec 2>/dev/null\nexec sleep 90\n', { mode: 0o755 });
      const result = await runHook(p.script, caseInput({ id: 1, command: 'ls', dangerous: false }, p), {
        cwd: p.root,
        env: { HOME: p.home, PATH: `${bin}:${process.env.PATH}`, CLAUDE_PROJECT_DIR: contract === 'forgeflare' ? undefined : p.root },
        timeoutMs: BOUND_MS,
      });
      expect(decided(result)).toEqual({ kind: 'deny', reason: expect.stringMatching(TOO_SLOW(200)) });
      // One answer, whole: one JSON object on stdout.
      expect(result.stdout.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toContain('the check did not end within 200 ms; denied (too-large)');
    }, BOUND_MS * 2);
  }

  it('the deadline is maxCheckMs, at most a third of the time the agent waits; the watchdog twice that; every agent is told to wait', () => {
    expect(checkDeadlineMs(3000, undefined, { id: 'claude-project', contract: 'claude-code' })).toBe(3000);
    expect(checkDeadlineMs(3000, undefined, { id: 'forgeflare', contract: 'forgeflare' })).toBe(3000);
    expect(checkDeadlineMs(3000, 6, { id: 'claude-project', contract: 'claude-code' })).toBe(2000);
    expect(checkDeadlineMs(3000, 1, { id: 'forgeflare', contract: 'forgeflare' })).toBe(333);
    expect(guardTimeoutSeconds(3000, undefined)).toBe(10);
    expect(guardTimeoutSeconds(20_000, undefined)).toBe(60);
    expect(guardTimeoutSeconds(3000, 4)).toBe(4);
    // The watchdog (twice the deadline) ends inside the timeout, with a third of it to spare.
    for (const [maxCheckMs, timeout] of [[3000, undefined], [100, undefined], [20_000, undefined], [3000, 1], [3000, 6], [600_000, 600]] as const) {
      const wait = guardTimeoutSeconds(maxCheckMs, timeout) * 1000;
      expect(watchdogMs(checkDeadlineMs(maxCheckMs, timeout)), `${maxCheckMs} ms, timeout ${timeout}`).toBeLessThanOrEqual((wait * 2) / 3);
    }
    const rendered = (target: string, timeout?: number) => renderHooks(validateConfig({ target, hooks: [{ kind: 'guard', preset: 'guard', timeout }] } as never));
    const core = (target: string, timeout?: number) => rendered(target, timeout).files.find((f) => f.path.endsWith('guard-core.sh'))!.content;
    expect(rendered('claude-project').files[0]!.content).toContain('readonly CHECK_MS=3000\n');
    expect(core('claude-project')).toContain('readonly WATCH_MS=6000\n');
    expect(rendered('forgeflare').files[0]!.content).toContain('readonly CHECK_MS=3000\n');
    expect(rendered('claude-project', 2).files[0]!.content).toContain('readonly CHECK_MS=666\n');
    expect(core('claude-project', 2)).toContain('readonly WATCH_MS=1332\n');
    // Every agent's registration names a timeout above the watchdog: 10 s (Gemini's in ms).
    for (const target of ['claude-project', 'codex-project', 'qwen-project', 'copilot-project', 'droid-project', 'gemini-project', 'forgeflare']) {
      const { commands } = rendered(target);
      expect(commands.length, target).toBeGreaterThan(0);
      for (const command of commands) expect(command.timeout, `${target} ${command.event}`).toBe(target === 'gemini-project' ? 10_000 : 10);
    }
    expect(rendered('claude-project', 4).commands.every((c) => c.timeout === 4)).toBe(true);
  });
});

describe('guard: large texts', () => {
  const bashCase = (command: string, id = 1) => ({ id, command, dangerous: false });
  /** The kind of the guard's answer to `command`, the runner waiting up to `timeoutMs` for it: these tests are about what is decided, not how fast. */
  const answerWithin = (p: GuardProject, timeoutMs: number) => async (command: string) => verdict(await runGuard(p, caseInput(bashCase(command), p), {}, { timeoutMs })).kind;

  it('a text longer than a dozen pieces is halved into pieces with nothing lost, at the top and nested', async () => {
    // What is tested is the cutting, not the time: no deadline (forgeflare's would be 2.5 s, and
    // these texts take over a second of CPU, more on a busy machine). Claude Code's guard allows
    // in silence: 'none'.
    const p = guardProject('claude-code', { maxCommandTokens: 1_000_000, maxCheckMs: 600_000, rules: { 'doom-loop': { enabled: false } } });
    // Nor does the runner stop it before the test's own time is up: its 10 s default once cut a
    // call short on a busy machine ('invalid').
    const decide = answerWithin(p, 170_000);
    // One simple command of every kind of token, so that tokens straddle every piece boundary.
    const args = (n: number) => Array.from({ length: n }, (_, i) => `w${i} 'single ${i}' "double ${i}" \\${i} a\\\nb`).join(' ');
    const long = `echo ${args(4000)}`; // ~175 KB: halved twice before it is cut
    expect(long.length).toBeGreaterThan(12 * 4096 * 3);
    expect(await decide(`${long}; sudo ls`)).toBe('deny');
    expect(await decide(`${long}; ls`)).toBe('none');
    // A line continuation that makes `sudo`: continuations go before the text is cut.
    expect(await decide(`${long}; su\\\ndo ls`)).toBe('deny');
    // Nested texts over the same size: bash -c's argument and a $( ).
    const inner = `echo ${args(1600)}`.replaceAll("'", '');
    expect(await decide(`bash -c '${inner}; sudo ls'`)).toBe('deny');
    expect(await decide(`bash -c '${inner}; ls'`)).toBe('none');
    expect(await decide(`echo "$(${inner}; sudo ls)"`)).toBe('deny');
  }, 600_000);

  // A fork bomb and a deny in a long command: found as in a short one.
  it('a fork bomb is found behind a long name, and in a long command in one pass', async () => {
    const p = guardProject('forgeflare', { rules: { 'doom-loop': { enabled: false } } });
    const reason = async (command: string) => verdict(await runGuard(p, caseInput(bashCase(command), p))).reason ?? '';
    expect(await reason(`a${'1'.repeat(100)}() { a${'1'.repeat(100)}|a${'1'.repeat(100)}& }; a${'1'.repeat(100)}`)).toContain('fork bomb');
    // The old pattern searched from every byte to the end: 200 KB took minutes, past any hook timeout.
    expect(await reason(`echo ${'x'.repeat(200_000)} ; :(){ :|:& };:`)).toContain('fork bomb');
    expect(await reason(`echo ${'f() {'.repeat(40_000)}`)).not.toContain('fork bomb');
  });

  it('a long command is analysed the same way as a short one (the window does not split tokens)', async () => {
    // What is tested is the lexing, not the time: the deadline is set far out (maxCheckMs), so
    // that a busy machine cannot turn an answer into the deadline's denial.
    const p = guardProject('forgeflare', { maxCheckMs: 600_000, rules: { 'doom-loop': { enabled: false } } });
    // And the test waits as long as its whole run may take: a guard killed by the runner's
    // 10 s would answer nothing ('invalid'), which is the machine's speed, not the lexing.
    const decide = answerWithin(p, 110_000);
    const filler = Array.from({ length: 600 }, (_, i) => `echo 'quoted ${i}' "and $(printf %s ${i})"`).join('; ');
    const heredoc = `cat > notes.txt <<'EOF'\n${'rm -rf / is only text here\n'.repeat(1000)}EOF`;
    expect(await decide(`${filler}; rm -rf /`)).toBe('deny');
    expect(await decide(`${filler}; ls`)).toBe('allow');
    expect(await decide(heredoc)).toBe('allow');
    expect(await decide(`${heredoc}\nsudo ls`)).toBe('deny');
    expect(await decide(`bash <<'EOF'\n${'echo ok\n'.repeat(800)}rm -rf /\nEOF`)).toBe('deny');
    expect(await decide(`echo '${'x'.repeat(20000)}' && sudo ls`)).toBe('deny');
  }, 120_000);
});
