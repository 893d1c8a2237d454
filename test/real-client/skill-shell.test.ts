/**
 * The guard on the shell lines of custom slash commands (and skills), in the real Claude Code
 * against the scripted model. Those lines (`!` and a command in backticks) never reach
 * PreToolUse; Claude Code 2.1.332 asks PreSkillShellCommand hooks before each, and tells the
 * model `[not run: blocked by hook: REASON]` for a line a hook blocks. The last release
 * without the event, 2.1.328, must load the same settings and ignore the registration.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { preSkillShellCommandInput } from '../../testkit/index.js';
import { claudeCodeVersion, runClaudeCode, toolCalls, type RealClientRun } from '../../testkit/clients/index.js';
import { describeRealClient, realProject, SESSION_TIMEOUT_MS, TEST_TIMEOUT_MS } from './helpers.js';

/** The last Claude Code without PreSkillShellCommand. */
const OLDER_CLAUDE_CODE = '2.1.328';

/**
 * Claude Code 2.1.328's `claude`: the one RALPH_HOOKS_CLAUDE_CODE_2_1_328 names, else installed
 * once (npm, from the configured registry) into node_modules/.cache, beside the pinned newer one.
 */
function olderClaudeCode(): string {
  const given = process.env.RALPH_HOOKS_CLAUDE_CODE_2_1_328;
  if (given) return given;
  const prefix = resolve('node_modules/.cache', `ralph-hooks-claude-code-${OLDER_CLAUDE_CODE}`);
  const bin = join(prefix, 'node_modules/.bin/claude');
  if (!existsSync(bin)) {
    mkdirSync(prefix, { recursive: true });
    const install = spawnSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `@anthropic-ai/claude-code@${OLDER_CLAUDE_CODE}`], { encoding: 'utf8', timeout: 180_000 });
    if (install.status !== 0) throw new Error(`could not install Claude Code ${OLDER_CLAUDE_CODE} into ${prefix}:\n${install.stderr}`);
  }
  return bin;
}

const DANGEROUS = 'rm -rf ~/x --no-preserve-root';
const HARMLESS = 'echo tidy-ran > ran.txt';

/** A project with the generated guard and the custom command /tidy: a dangerous shell line, then a harmless one. */
function tidyProject() {
  const project = realProject({ target: 'claude-project', hooks: [{ kind: 'guard', preset: 'guard', name: 'guard' }] } as never);
  mkdirSync(project.file('.claude/commands'), { recursive: true });
  writeFileSync(project.file('.claude/commands/tidy.md'), ['---', 'allowed-tools: Bash', 'description: Tidy the home folder', '---', `First: !\`${DANGEROUS}\``, '', `Then: !\`${HARMLESS}\``, '', 'Report what happened.', ''].join('\n'));
  return project;
}

/** The text of the command as the model first reads it (its shell lines replaced by their outcome). */
function expandedCommand(run: RealClientRun): string {
  const body = run.requests[0]?.body as { messages?: { content?: { type: string; text?: string }[] }[] } | undefined;
  const content = body?.messages?.[0]?.content ?? [];
  return content.map((block) => block.text ?? '').join('\n');
}

describeRealClient('the guard on the shell lines of a custom command (PreSkillShellCommand)', () => {
  it('Claude Code 2.1.332: /tidy\'s dangerous line is refused by the guard with its reason, which the model reads; the harmless line runs', async () => {
    const project = tidyProject();
    const settings = JSON.parse(readFileSync(project.file('.claude/settings.json'), 'utf8'));
    expect(settings.hooks.PreSkillShellCommand).toEqual([{ matcher: 'Bash', hooks: [expect.objectContaining({ command: settings.hooks.PreToolUse[0].hooks[0].command, onFailure: 'block' })] }]);

    const run = await runClaudeCode(project.root, { prompt: '/tidy', turns: [{ text: 'Done.' }], timeoutMs: SESSION_TIMEOUT_MS });
    expect(claudeCodeVersion()).toBe('2.1.332');
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.result?.result).toBe('Done.');
    expect(expandedCommand(run)).toContain('First: [not run: blocked by hook: fs-destroy: rm --no-preserve-root removes the whole filesystem. Instead: delete specific paths inside the project]');
    expect(run.files('ran.txt')).toBe('tidy-ran\n');
    // One call of the guard per line, in the event's own input; no PreToolUse (the model ran no tool).
    const calls = run.hookInputs.map((h) => [h.event, h.input.tool_name, (h.input.tool_input as { command: string }).command, h.input.command_name, h.input.invoked_by]);
    expect(calls.sort()).toEqual([
      ['PreSkillShellCommand', 'Bash', HARMLESS, 'tidy', 'user'],
      ['PreSkillShellCommand', 'Bash', DANGEROUS, 'tidy', 'user'],
    ]);
    const denial = run.hookInputs.find((h) => (h.input.tool_input as { command: string }).command === DANGEROUS)!;
    expect(JSON.parse(denial.stdout).hookSpecificOutput).toMatchObject({ permissionDecision: 'deny' });
    expect(denial.stdout).not.toContain('updatedInput');
    expect(run.hookInputs.find((h) => h !== denial)!.stdout).toBe('');
    // The testkit's builder sends no key the client does not.
    for (const key of Object.keys(preSkillShellCommandInput())) expect(denial.input, key).toHaveProperty(key);
  }, TEST_TIMEOUT_MS);

  it('Claude Code 2.1.332: with the guard\'s script gone, the line is blocked too (onFailure "block")', async () => {
    const project = tidyProject();
    rmSync(project.file('.claude/hooks/guard.sh'));
    const run = await runClaudeCode(project.root, { prompt: '/tidy', turns: [{ text: 'Done.' }], timeoutMs: SESSION_TIMEOUT_MS });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(expandedCommand(run)).toMatch(/Then: \[not run: blocked by hook: .*blocking because onFailure is "block"/);
    expect(run.files('ran.txt')).toBeNull();
  }, TEST_TIMEOUT_MS);

  it(`Claude Code ${OLDER_CLAUDE_CODE} loads the same settings and ignores the registration without a word: the lines run unguarded, PreToolUse still guards`, async () => {
    const bin = olderClaudeCode();
    expect(claudeCodeVersion(bin)).toBe(OLDER_CLAUDE_CODE);
    const project = tidyProject();
    const run = await runClaudeCode(project.root, { bin, prompt: '/tidy', turns: [{ shell: 'rm -rf / --no-preserve-root' }, { text: 'Done.' }], timeoutMs: SESSION_TIMEOUT_MS });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.result?.result).toBe('Done.');
    // No PreSkillShellCommand: both lines ran (the older client's gap, which only an upgrade closes).
    expect(run.hookInputs.map((h) => h.event)).toEqual(['PreToolUse']);
    expect(expandedCommand(run)).not.toContain('not run');
    expect(run.files('ran.txt')).toBe('tidy-ran\n');
    // The rest of the file still works: the guard denies the model's own Bash call.
    const [rm] = toolCalls(run);
    expect(rm).toMatchObject({ isError: true, result: expect.stringContaining('fs-destroy: rm --no-preserve-root removes the whole filesystem') });
  }, TEST_TIMEOUT_MS);
});
