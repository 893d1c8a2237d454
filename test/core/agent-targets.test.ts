/**
 * The targets of Qwen Code, Copilot CLI, Gemini CLI and droid: each agent's hook file merged
 * like .claude/settings.json (foreign hooks and keys kept, a second run byte for byte the
 * same), its event and tool names, a guard that fails closed where the agent ignores
 * onFailure, and a one-line refusal for a hook needing an event the agent lacks.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TARGETS } from '../../src/targets/index.js';
import { ralphHooks, snapshot, tempDir } from '../helpers/cli.js';

const specumAndGuard = [{ kind: 'stop-watcher', preset: 'specum' }, { kind: 'guard', preset: 'guard' }];

function generateIn(target: string, hooks: unknown[], files: Record<string, string> = {}) {
  const root = tempDir();
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ target, hooks }));
  const result = ralphHooks(['generate'], { cwd: root });
  return { root, result, json: (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')), text: (path: string) => readFileSync(join(root, path), 'utf8') };
}

const foreignGroup = { hooks: [{ type: 'command', command: 'notify-send done' }] };
/** What a script says or runs, comments left out. */
const code = (script: string) => script.split('\n').filter((line) => !line.trimStart().startsWith('#')).join('\n');

describe.each([
  ['qwen-project', '.qwen/settings.json', 'Stop', 'PreToolUse', 'run_shell_command'],
  ['copilot-project', '.github/hooks/ralph-hooks.json', 'Stop', 'PreToolUse', 'Bash'],
  ['gemini-project', '.gemini/settings.json', 'AfterAgent', 'BeforeTool', 'run_shell_command'],
  ['droid-project', '.factory/settings.json', 'Stop', 'PreToolUse', 'Execute'],
])('the %s target', (target, file, stopEvent, toolEvent, shellTool) => {
  it('merges its hook file (foreign hooks and keys kept) under the agent\'s event names; a second run changes nothing, byte for byte', () => {
    const foreign = { model: 'mine', hooks: { [stopEvent]: [foreignGroup] } };
    const { root, result, json } = generateIn(target, specumAndGuard, { [file]: JSON.stringify(foreign, null, 2) });
    expect(result.status, result.stderr).toBe(0);
    const settings = json(file);
    expect(settings.model).toBe('mine');
    expect(settings.hooks[stopEvent][0]).toEqual(foreignGroup);
    const t = TARGETS[target as keyof typeof TARGETS];
    // Gemini CLI blocks on a hook that cannot run: a stop-watcher's command passes instead.
    const failOpen = target === 'gemini-project' ? ' || exit 0' : '';
    expect(settings.hooks[stopEvent][1].hooks[0].command).toBe(`bash ${t.commandRoot}${t.hooksDir}/stop-watcher.sh${failOpen}`);
    expect(settings.hooks[toolEvent][0].matcher).toBe('*');
    expect(TARGETS[target as keyof typeof TARGETS].input.shellTool).toBe(shellTool);
    const before = snapshot(root);
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    expect(snapshot(root)).toEqual(before);
  });

  it('the loop keeps its state in the agent\'s folder and its messages name the setup script, not a slash command', () => {
    const { result, text } = generateIn(target, [{ kind: 'stop-watcher', preset: 'loop' }]);
    expect(result.status, result.stderr).toBe(0);
    const t = TARGETS[target as keyof typeof TARGETS];
    const script = text(`${t.hooksDir}/stop-watcher.sh`);
    expect(script).toContain(`readonly STATE_FILE_PATH='${t.agentDir}/ralph-loop.local.md'`);
    expect(script).toContain(`readonly LOOP_COMMAND='bash ${t.hooksDir}/stop-watcher-setup.sh'`);
    // No slash command the agent does not have, in what the hooks print or tell the user.
    const slash = /(^|[\s'"`(])\/(ralph-loop|cancel-ralph)\b/m;
    expect(code(script)).not.toMatch(slash);
    expect(code(text(`${t.hooksDir}/stop-watcher-setup.sh`))).not.toMatch(slash);
    expect(text(`${t.hooksDir}/stop-watcher-setup.sh`)).toContain(`readonly AGENT_NAME='${t.agentName}'`);
  });
});

describe('agent specifics', () => {
  it('Qwen Code: "$version": 4 is written, so Qwen never rewrites the file; a guard ends in || exit 2 (Qwen has no onFailure)', () => {
    const { json } = generateIn('qwen-project', specumAndGuard);
    const settings = json('.qwen/settings.json');
    expect(settings.$version).toBe(4);
    // Seconds: Qwen reads a timeout under 1,000 as seconds (the guard's is above its watchdog).
    expect(settings.hooks.PreToolUse[0].hooks[0]).toEqual({ type: 'command', command: 'bash "$QWEN_PROJECT_DIR"/.qwen/hooks/guard.sh || exit 2', timeout: 10 });
  });

  it('Qwen Code: a file that has "$version" keeps it', () => {
    const { json } = generateIn('qwen-project', specumAndGuard, { '.qwen/settings.json': '{"$version": 3, "ui": {"theme": "dark"}}' });
    expect(json('.qwen/settings.json')).toMatchObject({ $version: 3, ui: { theme: 'dark' } });
  });

  it('Gemini CLI: the project path is braced (Gemini pastes it into the text), timeouts are in milliseconds, a guard ends in || exit 2', () => {
    const { json } = generateIn('gemini-project', [{ kind: 'guard', preset: 'guard', timeout: 7 }]);
    expect(json('.gemini/settings.json').hooks.BeforeTool[0].hooks[0]).toEqual({ type: 'command', command: 'bash "${GEMINI_PROJECT_DIR}"/.gemini/hooks/guard.sh || exit 2', timeout: 7000 });
  });

  it('droid: the command finds the repository root through git; a guard ends in || exit 2', () => {
    const { json } = generateIn('droid-project', specumAndGuard);
    expect(json('.factory/settings.json').hooks.PreToolUse[0].hooks[0].command).toBe('bash "$(git rev-parse --show-toplevel 2>/dev/null || pwd)"/.factory/hooks/guard.sh || exit 2');
  });

  it('Copilot CLI: handlers ralph-hooks wrote into .claude/settings.json are removed (Copilot runs that file too), the user\'s own stay', () => {
    const claude = { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/stop-watcher.sh' }, { type: 'command', command: './my-own.sh' }] }] } };
    const root = tempDir();
    writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ target: 'claude-project', hooks: [{ kind: 'stop-watcher', preset: 'specum' }] }));
    mkdirSync(join(root, '.claude'));
    writeFileSync(join(root, '.claude/settings.json'), JSON.stringify(claude));
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ target: 'copilot-project', hooks: [{ kind: 'stop-watcher', preset: 'specum' }] }));
    const switched = ralphHooks(['generate'], { cwd: root });
    expect(switched.status, switched.stderr).toBe(0);
    const left = JSON.parse(readFileSync(join(root, '.claude/settings.json'), 'utf8'));
    expect(JSON.stringify(left)).not.toContain('.claude/hooks/stop-watcher.sh');
    expect(JSON.stringify(left)).toContain('./my-own.sh');
    expect(JSON.parse(readFileSync(join(root, '.github/hooks/ralph-hooks.json'), 'utf8')).hooks.Stop[0].hooks[0].command).toBe('bash "$COPILOT_PROJECT_DIR"/.github/hooks/stop-watcher.sh');
  });

  it('changing the target takes our handlers out of the old target\'s file, there and back; the user\'s own stay (issue 19, item 2)', () => {
    const root = tempDir();
    mkdirSync(join(root, '.claude'));
    writeFileSync(join(root, '.claude/settings.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: './mine.sh' }] }] } }));
    writeFileSync(join(root, 'mine.sh'), 'exit 0\n', { mode: 0o755 }); // doctor checks every handler's script (RH14)
    const config = (target: string) => writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ target, hooks: [{ kind: 'stop-watcher', preset: 'specum' }] }));
    const commandsIn = (file: string) => JSON.stringify(JSON.parse(readFileSync(join(root, file), 'utf8')).hooks);
    config('claude-project');
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    expect(commandsIn('.claude/settings.json')).toContain('.claude/hooks/stop-watcher.sh');
    config('claude-plugin');
    const toPlugin = ralphHooks(['generate'], { cwd: root });
    expect(toPlugin.status, toPlugin.stderr).toBe(0);
    expect(commandsIn('.claude/settings.json')).not.toContain('stop-watcher.sh');
    expect(commandsIn('.claude/settings.json')).toContain('./mine.sh');
    expect(commandsIn('hooks/hooks.json')).toContain('hooks/scripts/stop-watcher.sh');
    expect(existsSync(join(root, '.claude-plugin/plugin.json'))).toBe(true);
    config('claude-project');
    const back = ralphHooks(['generate'], { cwd: root });
    expect(back.status).toBe(0);
    // hooks/hooks.json held only our handlers, and the plugin manifest is as ralph-hooks wrote it: both go.
    expect(back.stdout).toMatch(/remove +hooks\/hooks\.json +\(only our hooks were in it\)/);
    expect(existsSync(join(root, 'hooks/hooks.json'))).toBe(false);
    expect(existsSync(join(root, '.claude-plugin/plugin.json'))).toBe(false);
    expect(commandsIn('.claude/settings.json')).toContain('.claude/hooks/stop-watcher.sh');
    expect(ralphHooks(['doctor'], { cwd: root }).status).toBe(0);
  });

  it('a plugin manifest or hook file holding something of the user\'s stays after a switch back, and uninstall cleans every file it registered in', () => {
    const root = tempDir();
    const config = (target: string) => writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ target, hooks: [{ kind: 'stop-watcher', preset: 'specum' }] }));
    config('claude-plugin');
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    const plugin = JSON.parse(readFileSync(join(root, '.claude-plugin/plugin.json'), 'utf8'));
    writeFileSync(join(root, '.claude-plugin/plugin.json'), JSON.stringify({ ...plugin, author: { name: 'me' } }, null, 2));
    config('claude-project');
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    expect(existsSync(join(root, '.claude-plugin/plugin.json'))).toBe(true);
    expect(existsSync(join(root, 'hooks/hooks.json'))).toBe(false);

    // A handler of ours left in a file of an earlier target (written by hand there, say) goes at uninstall.
    config('codex-project');
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    expect(existsSync(join(root, '.claude/settings.json'))).toBe(false);
    const uninstall = ralphHooks(['uninstall', '--yes'], { cwd: root });
    expect(uninstall.status, uninstall.stderr).toBe(0);
    expect(existsSync(join(root, '.codex/hooks.json'))).toBe(false);
    expect(existsSync(join(root, '.codex/config.toml'))).toBe(false);
    expect(existsSync(join(root, '.claude-plugin/plugin.json'))).toBe(true);
  });

  it('Gemini CLI: a hook needing an event Gemini lacks is refused in one line naming it; PostToolUseFailure is left out without a word', () => {
    const root = tempDir();
    writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ target: 'gemini-project', hooks: [{ kind: 'convergence', preset: 'convergence' }] }));
    const ok = ralphHooks(['generate'], { cwd: root });
    expect(ok.status, ok.stderr).toBe(0);
    const settings = JSON.parse(readFileSync(join(root, '.gemini/settings.json'), 'utf8'));
    expect(Object.keys(settings.hooks)).toEqual(['AfterTool']);
    const refused = ralphHooks(['add', 'stop-watcher', '--preset', 'cc-compat', '--option', 'script=x.sh'], { cwd: root });
    expect(refused.status).not.toBe(0);
  });

  it('every target without an event map registers under Claude Code\'s names; Gemini CLI refuses SubagentStop naming the event', async () => {
    const { agentEvent } = await import('../../src/generate/render-hooks.js');
    expect(() => agentEvent(TARGETS['gemini-project'], { event: 'SubagentStop', script: 'x.sh' }, 'x')).toThrow(/^Gemini CLI has no SubagentStop event, which hook 'x' needs/);
    expect(agentEvent(TARGETS['gemini-project'], { event: 'Stop', script: 'x.sh' }, 'x')).toBe('AfterAgent');
    expect(agentEvent(TARGETS['droid-project'], { event: 'SubagentStop', script: 'x.sh' }, 'x')).toBe('SubagentStop');
  });

  it('matchers written with Claude Code\'s tool names are translated into the agent\'s', async () => {
    const { agentMatcher } = await import('../../src/generate/render-hooks.js');
    expect(agentMatcher(TARGETS['gemini-project'], 'Bash|Edit|Write')).toBe('run_shell_command|replace|write_file');
    expect(agentMatcher(TARGETS['droid-project'], 'Bash|Edit|Write')).toBe('Execute|Edit|Create');
    expect(agentMatcher(TARGETS['copilot-project'], 'Bash|Edit')).toBe('Bash|Edit');
    expect(agentMatcher(TARGETS['gemini-project'], '*')).toBe('*');
  });
});
