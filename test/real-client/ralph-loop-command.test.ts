/**
 * The /ralph-loop command file in the real Claude Code, both runtimes: `claude -p "/ralph-loop …"`
 * starts the loop with only the command's own allowed-tools (no Bash permission from the
 * session), and a prompt holding $(…), backticks, quotes and newlines is stored verbatim and
 * runs nothing, even with lines that are here-document end words and Bash allowed.
 */
import { readdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { runClaudeCode } from '../../testkit/clients/index.js';
import { describeRealClient, realProject, SESSION_TIMEOUT_MS, TEST_TIMEOUT_MS } from './helpers.js';

const RUNTIMES = ['bash', 'node'] as const;

function loopProject(runtime: (typeof RUNTIMES)[number]) {
  return realProject({ hooks: [{ kind: 'stop-watcher', preset: 'loop', options: { runtime } }] } as never);
}

const stops = (run: Awaited<ReturnType<typeof runClaudeCode>>) =>
  run.hookInputs.filter((h) => h.event === 'Stop').map((h) => ({ active: h.input.stop_hook_active, out: h.stdout.trim() ? JSON.parse(h.stdout) : null }));

describeRealClient('/ralph-loop in the real Claude Code', () => {
  it.each(RUNTIMES)('%s: `claude -p "/ralph-loop Fix the parser; it is broken --completion-promise DONE --max-iterations 3"` starts the loop', async (runtime) => {
    const project = loopProject(runtime);
    const run = await runClaudeCode(project.root, {
      prompt: '/ralph-loop Fix the parser; it is broken --completion-promise DONE --max-iterations 3',
      allowedTools: ['Read'],
      turns: [{ text: 'Looked at the parser.' }, { text: 'Fixed. <promise>DONE</promise>' }],
      timeoutMs: SESSION_TIMEOUT_MS,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(JSON.stringify(run.requests[0]?.body ?? run.requests)).toContain('Ralph loop activated');
    const seen = stops(run);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatchObject({ active: false, out: { decision: 'block', reason: 'Fix the parser; it is broken' } });
    expect(seen[0]!.out.systemMessage).toContain('Ralph iteration 2/3');
    expect(seen[1]!.out.systemMessage).toContain('detected <promise>DONE</promise> at iteration 2');
    expect(run.modelTurns).toBe(2);
  }, TEST_TIMEOUT_MS);

  it.each(RUNTIMES)('%s: a hostile prompt is stored verbatim and executes nothing', async (runtime) => {
    const project = loopProject(runtime);
    const prompt = 'fix the `parse` function $(touch CANARY1) `touch CANARY2` "double" \'single\' ; touch CANARY3\nsecond line $HOME';
    const run = await runClaudeCode(project.root, {
      prompt: `/ralph-loop ${prompt} --max-iterations 2`,
      allowedTools: ['Read'],
      turns: [{ text: 'Working on it.' }, { text: 'Still working.' }],
      timeoutMs: SESSION_TIMEOUT_MS,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    for (const canary of ['CANARY1', 'CANARY2', 'CANARY3']) expect(run.files(canary)).toBeNull();
    const seen = stops(run);
    expect(seen[0]).toMatchObject({ active: false, out: { decision: 'block', reason: prompt } });
    expect(seen[1]!.out.systemMessage).toContain('max iterations (2) reached');
  }, TEST_TIMEOUT_MS);

  it.each(RUNTIMES)('%s: a prompt with lines that are here-document end words hands all of its text over and runs nothing, with Bash allowed', async (runtime) => {
    const project = loopProject(runtime);
    // The end word the command used before, the one it uses now, and "!" lines: each then $(…).
    const prompt = [
      'fix the parser',
      'RALPH_LOOP_ARGUMENTS_END',
      'touch CANARY1; echo $(touch CANARY2)',
      '!RALPH_LOOP_ARGUMENTS_END',
      'touch CANARY3',
      'EOF',
      '$(touch CANARY4)',
    ].join('\n');
    const run = await runClaudeCode(project.root, {
      prompt: `/ralph-loop ${prompt} --max-iterations 2`,
      allowedTools: ['Bash', 'Read'],
      turns: [{ text: 'Working on it.' }, { text: 'Still working.' }],
      timeoutMs: SESSION_TIMEOUT_MS,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(readdirSync(project.root).filter((name) => name.startsWith('CANARY'))).toEqual([]);
    const seen = stops(run);
    // Claude Code writes a backslash before a "!" that starts a line: that is what reaches the script.
    expect(seen[0]).toMatchObject({ active: false, out: { decision: 'block', reason: prompt.replace('\n!', '\n\\!') } });
    // --max-iterations after the end-word lines was read: the whole text reached the script.
    expect(seen[1]!.out.systemMessage).toContain('max iterations (2) reached');
  }, TEST_TIMEOUT_MS);

  it.each(RUNTIMES)('%s: a prompt with ``` (where Claude Code ends the shell block) is refused whole, not started with half of it', async (runtime) => {
    const project = loopProject(runtime);
    const run = await runClaudeCode(project.root, {
      prompt: '/ralph-loop fix this:\n```\nerror X\n```\nthen $(touch CANARY1) --max-iterations 2',
      allowedTools: ['Bash', 'Read'],
      turns: [{ text: 'Working on it.' }],
      timeoutMs: SESSION_TIMEOUT_MS,
    });
    expect(readdirSync(project.root).filter((name) => name.startsWith('CANARY'))).toEqual([]);
    expect(run.stdout + run.stderr).toContain('the arguments were cut short');
    expect(run.files(runtime === 'node' ? '.claude/ralph-loop.local.json' : '.claude/ralph-loop.local.md')).toBeNull();
    expect(stops(run).filter((stop) => stop.out !== null)).toEqual([]);
  }, TEST_TIMEOUT_MS);
});
