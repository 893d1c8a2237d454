import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load.js';
import { renderHooks, type HookCommand } from '../../src/generate/render-hooks.js';
import { guardsSkillShellLines } from '../../src/presets/guard.js';
import { mergeHookSettings } from '../../src/registration/claude-settings.js';
import { ralphHooks, snapshot, tempDir } from '../helpers/cli.js';
import { TARGETS } from '../../src/targets/index.js';
import type { Target } from '../../src/targets/types.js';

/** The command root of the claude-project target. */
const PROJECT_ROOT = '"$CLAUDE_PROJECT_DIR"/';
const stopWatcher: HookCommand = {
  event: 'Stop',
  command: 'bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/stop-watcher.sh',
  script: '.claude/hooks/stop-watcher.sh',
};

const userSettings = {
  model: 'opus',
  permissions: { allow: ['Bash(npm test)'], deny: ['Read(./.env)'] },
  env: { FOO: '1' },
  hooks: {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './scripts/my-guard.sh', timeout: 5 }] }],
    Stop: [{ hooks: [{ type: 'command', command: 'notify-send done' }] }],
  },
};

describe('merging hooks into .claude/settings.json', () => {
  it('keeps every other key and every foreign hook, and appends ours', () => {
    const merged = mergeHookSettings(userSettings, [stopWatcher], { scripts: [] }, 'settings.json', PROJECT_ROOT) as any;
    expect(merged.model).toBe('opus');
    expect(merged.permissions).toEqual(userSettings.permissions);
    expect(merged.env).toEqual({ FOO: '1' });
    expect(merged.hooks.PreToolUse).toEqual(userSettings.hooks.PreToolUse);
    expect(merged.hooks.Stop).toEqual([
      { hooks: [{ type: 'command', command: 'notify-send done' }] },
      { hooks: [{ type: 'command', command: stopWatcher.command }] },
    ]);
  });

  it('is idempotent: a second merge changes nothing', () => {
    const once = mergeHookSettings(userSettings, [stopWatcher], { scripts: [] }, 'settings.json', PROJECT_ROOT);
    expect(mergeHookSettings(once, [stopWatcher], { scripts: [stopWatcher.script] }, 'settings.json', PROJECT_ROOT)).toEqual(once);
  });

  it('replaces our entry in place, keeping keys the user added to it', () => {
    const settings = {
      hooks: {
        Stop: [
          { hooks: [{ type: 'command', command: 'bash .claude/hooks/stop-watcher.sh', statusMessage: 'checking tasks' }] },
          { hooks: [{ type: 'command', command: 'echo after' }] },
        ],
      },
    };
    const merged = mergeHookSettings(settings, [{ ...stopWatcher, timeout: 30 }], { scripts: [stopWatcher.script] }, 'settings.json', PROJECT_ROOT) as any;
    expect(merged.hooks.Stop).toEqual([
      { hooks: [{ type: 'command', command: stopWatcher.command, statusMessage: 'checking tasks', timeout: 30 }] },
      { hooks: [{ type: 'command', command: 'echo after' }] },
    ]);
  });

  it('removes the entry of a hook that left the config, and only that', () => {
    const settings = mergeHookSettings(userSettings, [stopWatcher], { scripts: [] }, 'settings.json', PROJECT_ROOT);
    const merged = mergeHookSettings(settings, [], { scripts: [stopWatcher.script] }, 'settings.json', PROJECT_ROOT) as any;
    expect(merged).toEqual(userSettings);
  });

  it.each([
    ['a top level that is not an object', [1, 2], /the top level must be a JSON object/],
    ['"hooks" that is not an object', { hooks: [] }, /"hooks" must be an object/],
    ['an event that is not a list', { hooks: { Stop: {} } }, /hooks\.Stop must be an array/],
  ])('refuses %s, naming it', (_name, settings, message) => {
    expect(() => mergeHookSettings(settings, [stopWatcher], { scripts: [] }, 'settings.json', PROJECT_ROOT)).toThrow(message);
  });
});

describe('registration through the CLI', () => {
  // specum answers Stop, and on Claude Code SessionStart (after a compaction) and StopFailure, with one script.
  const specumCommands: HookCommand[] = [stopWatcher, { ...stopWatcher, event: 'SessionStart', matcher: 'compact' }, { ...stopWatcher, event: 'StopFailure' }];
  function project(settings?: string) {
    const root = tempDir();
    writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ hooks: [{ kind: 'stop-watcher', preset: 'specum' }] }));
    if (settings !== undefined) {
      mkdirSync(join(root, '.claude'));
      writeFileSync(join(root, '.claude/settings.json'), settings);
    }
    return root;
  }

  it('foreign keys in settings.json survive generate, twice', () => {
    const root = project(JSON.stringify(userSettings, null, 4));
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    const once = readFileSync(join(root, '.claude/settings.json'), 'utf8');
    expect(JSON.parse(once)).toEqual(mergeHookSettings(userSettings, specumCommands, { scripts: [] }, 'x', PROJECT_ROOT));
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    expect(readFileSync(join(root, '.claude/settings.json'), 'utf8')).toBe(once);
  });

  it('a settings.json that already has our entry is left byte for byte, formatting included', () => {
    const text = JSON.stringify(mergeHookSettings(userSettings, specumCommands, { scripts: [] }, 'x', PROJECT_ROOT), null, 4);
    const root = project(text);
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    expect(readFileSync(join(root, '.claude/settings.json'), 'utf8')).toBe(text);
  });

  it('a malformed settings.json is reported with its position and nothing is written', () => {
    const root = project('{\n  "model": "opus",\n  "hooks": { oops }\n}\n');
    const before = snapshot(root);
    const result = ralphHooks(['generate'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/\.claude\/settings\.json is not valid JSON \(line 3, column 14\): Expected property name/);
    expect(result.stderr).toContain('left it untouched');
    expect(snapshot(root)).toEqual(before);
  });

  it('the plugin target registers in hooks/hooks.json with ${CLAUDE_PLUGIN_ROOT}', () => {
    const root = tempDir();
    writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ target: 'claude-plugin', hooks: [{ kind: 'stop-watcher', preset: 'specum' }] }));
    mkdirSync(join(root, 'hooks'));
    writeFileSync(join(root, 'hooks/hooks.json'), JSON.stringify({ description: 'my plugin hooks', hooks: {} }));
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    expect(JSON.parse(readFileSync(join(root, 'hooks/hooks.json'), 'utf8'))).toEqual({
      description: 'my plugin hooks',
      hooks: {
        Stop: [{ hooks: [{ type: 'command', command: 'bash "${CLAUDE_PLUGIN_ROOT}"/hooks/scripts/stop-watcher.sh' }] }],
        SessionStart: [{ matcher: 'compact', hooks: [{ type: 'command', command: 'bash "${CLAUDE_PLUGIN_ROOT}"/hooks/scripts/stop-watcher.sh' }] }],
        StopFailure: [{ hooks: [{ type: 'command', command: 'bash "${CLAUDE_PLUGIN_ROOT}"/hooks/scripts/stop-watcher.sh' }] }],
      },
    });
  });
});

describe('the merge owns exactly the handlers it wrote (recorded in the manifest), in every target', () => {
  const jsonTargets = (Object.values(TARGETS) as Target[]).filter((t) => t.registration === 'claude-settings');

  it.each(jsonTargets.map((t) => [t.id, t] as const))('%s: a handler of the user\'s running our guard script, under another event or matcher, is never removed or rewritten', (_id, target) => {
    const root = tempDir();
    const config = (hooks: unknown[]) => writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ target: target.id, hooks }));
    config([{ kind: 'guard', preset: 'guard' }]);
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    const file = join(root, target.registrationFile);
    const settings = JSON.parse(readFileSync(file, 'utf8'));
    const guardEvent = target.events?.PreToolUse ?? 'PreToolUse';
    const ours = settings.hooks[guardEvent][0];
    const command: string = ours.hooks[0].command;
    // Two hand-written handlers with our exact command text: another event; the same event, another matcher.
    const afterTool = target.events?.PostToolUse ?? 'PostToolUse';
    settings.hooks[afterTool] = [{ hooks: [{ type: 'command', command }] }];
    settings.hooks[guardEvent].push({ matcher: 'Edit', hooks: [{ type: 'command', command, timeout: 7 }] });
    writeFileSync(file, JSON.stringify(settings, null, 2));
    const mine = (text: string) => {
      const hooks = JSON.parse(text).hooks;
      return [hooks[afterTool], hooks[guardEvent].filter((g: { matcher?: string }) => g.matcher === 'Edit')];
    };
    const before = mine(readFileSync(file, 'utf8'));

    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    expect(mine(readFileSync(file, 'utf8'))).toEqual(before);
    config([]); // the guard leaves the config: only our handler goes
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    expect(mine(readFileSync(file, 'utf8'))).toEqual(before);
    expect(JSON.stringify(JSON.parse(readFileSync(file, 'utf8')).hooks[guardEvent])).not.toContain(JSON.stringify(ours));
    config([{ kind: 'guard', preset: 'guard' }]);
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    expect(ralphHooks(['uninstall', '--yes'], { cwd: root }).status).toBe(0);
    expect(mine(readFileSync(file, 'utf8'))).toEqual(before);
  });

  it('across runs, a user\'s copy of our handler (same event, matcher and command, no onFailure) is told from ours by the keys the manifest records', () => {
    const root = tempDir();
    const config = (hooks: unknown[]) => writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ hooks }));
    config([{ kind: 'guard', preset: 'guard' }]);
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    const file = join(root, '.claude/settings.json');
    const settings = JSON.parse(readFileSync(file, 'utf8'));
    const ours = settings.hooks.PreToolUse[0];
    expect(ours.hooks[0].onFailure).toBe('block');
    const copy = { matcher: ours.matcher, hooks: [{ type: 'command', command: ours.hooks[0].command }] };
    settings.hooks.PreToolUse.unshift(copy); // before ours
    writeFileSync(file, JSON.stringify(settings));
    config([]);
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).hooks.PreToolUse).toEqual([copy]);
  });

  it('forgeflare: an entry of the user\'s running our guard script under another event or tool stays through generate, removal and uninstall', () => {
    const root = tempDir();
    const config = (hooks: unknown[]) => writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ target: 'forgeflare', hooks }));
    config([{ kind: 'guard', preset: 'guard' }]);
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    const file = join(root, '.forgeflare/hooks.toml');
    const command = /command = "(.*guard\.sh[^"]*)"/.exec(readFileSync(file, 'utf8'))![1];
    const mine = `\n[[hooks]]\nevent = "PostToolUse"\ncommand = "${command}"\n\n[[hooks]]\nevent = "PreToolUse"\nphase = "guard"\nmatch_tool = "Edit"\ncommand = "${command}"\ntimeout_ms = 7000\n`;
    writeFileSync(file, readFileSync(file, 'utf8') + mine);
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain(mine);
    config([]);
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    expect(readFileSync(file, 'utf8').match(/^\[\[hooks\]\]/gm)).toHaveLength(2);
    expect(readFileSync(file, 'utf8')).toContain(mine);
    config([{ kind: 'guard', preset: 'guard' }]);
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    expect(ralphHooks(['uninstall', '--yes'], { cwd: root }).status).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain(mine);
  });

  it('a manifest from before the record: handlers are recognised by text, but only under the event and matcher ralph-hooks registers', () => {
    const root = tempDir();
    writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ hooks: [{ kind: 'guard', preset: 'guard' }] }));
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    const manifestPath = join(root, '.ralph-hooks/manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    // The guard's two handlers: tool calls, and the shell lines of skills and custom commands.
    expect(manifest.registrations['.claude/settings.json'].map((r: { event: string }) => r.event)).toEqual(['PreToolUse', 'PreSkillShellCommand']);
    delete manifest.registrations;
    writeFileSync(manifestPath, JSON.stringify(manifest));
    const file = join(root, '.claude/settings.json');
    const settings = JSON.parse(readFileSync(file, 'utf8'));
    const ours = settings.hooks.PreToolUse[0];
    const command = ours.hooks[0].command;
    settings.hooks.PostToolUse = [{ hooks: [{ type: 'command', command }] }];
    settings.hooks.PreToolUse.push({ matcher: 'Edit', hooks: [{ type: 'command', command, timeout: 7 }] });
    writeFileSync(file, JSON.stringify(settings));
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).hooks).toEqual(settings.hooks);
    // From then on the manifest records the handler, and only that one is ours.
    expect(JSON.parse(readFileSync(manifestPath, 'utf8')).registrations['.claude/settings.json']).toEqual([
      // The guard's own timeout, above its watchdog's deadline (docs/guards.md, Time limits).
      { event: 'PreToolUse', matcher: ours.matcher, command, onFailure: 'block', timeout: 10 },
      { event: 'PreSkillShellCommand', matcher: 'Bash', command, onFailure: 'block', timeout: 10 },
    ]);
  });
});

describe('the guard on the shell lines of skills and custom commands (PreSkillShellCommand)', () => {
  const commandsFor = (target: string, hooks: unknown[]) => renderHooks(validateConfig({ target, hooks } as never)).commands;

  it.each(['claude-project', 'claude-plugin'])('%s: the guard registers for PreSkillShellCommand too, matcher Bash, the same command, failing closed', (target) => {
    const [tools, skillLines, ...rest] = commandsFor(target, [{ kind: 'guard', preset: 'guard' }]);
    expect(rest).toEqual([]);
    expect(tools.event).toBe('PreToolUse');
    expect(skillLines).toEqual({ ...tools, event: 'PreSkillShellCommand', matcher: 'Bash' });
    expect(skillLines.onFailure).toBe('block');
  });

  it.each(['codex-project', 'qwen-project', 'copilot-project', 'droid-project', 'gemini-project', 'forgeflare'])('%s: no PreSkillShellCommand registration (the agent has no such event)', (target) => {
    expect(commandsFor(target, [{ kind: 'guard', preset: 'guard' }]).map((c) => c.event)).not.toContain('PreSkillShellCommand');
  });

  it('registers for the Bash lines whenever the guard sees Bash calls (it reads no PowerShell)', () => {
    expect(guardsSkillShellLines(undefined)).toBe(true);
    expect(guardsSkillShellLines(['Bash', 'Edit'])).toBe(true);
    expect(guardsSkillShellLines(['Edit', 'Write', 'Read'])).toBe(false);
  });

  it('optional events follow the events table: PostToolUseFailure only where the agent fires it', () => {
    const events = (target: string) => commandsFor(target, [{ kind: 'convergence', preset: 'convergence' }]).map((c) => c.event);
    expect(events('claude-project')).toEqual(['PostToolUse', 'PostToolUseFailure']);
    expect(events('qwen-project')).toEqual(['PostToolUse', 'PostToolUseFailure']);
    expect(events('copilot-project')).toEqual(['PostToolUse', 'PostToolUseFailure']);
    expect(events('codex-project')).toEqual(['PostToolUse']);
    expect(events('droid-project')).toEqual(['PostToolUse']);
  });
});
