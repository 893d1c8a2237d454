import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config/load.js';
import { explainHooks, matcherMatches, matchToolCall } from '../../src/diagnose/explain.js';
import { TARGETS } from '../../src/targets/index.js';
import { generatedProject, ralphHooks, tempDir } from '../helpers/cli.js';

const group = (command: string, matcher?: string, extra: Record<string, unknown> = {}) => ({ ...(matcher === undefined ? {} : { matcher }), hooks: [{ type: 'command', command, ...extra }] });

function write(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, typeof value === 'string' ? value : `${JSON.stringify(value, null, 2)}\n`);
}

/** The 1-based line of the first line of `file` holding `text`. */
function lineOf(file: string, text: string): number {
  const index = readFileSync(file, 'utf8').split('\n').findIndex((line) => line.includes(text));
  expect(index, `${text} in ${file}`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

/** A plugin folder with a manifest and hooks/hooks.json. */
function plugin(dir: string, name: string, hooks: Record<string, unknown[]>): string {
  write(join(dir, '.claude-plugin/plugin.json'), { name });
  write(join(dir, 'hooks/hooks.json'), { hooks });
  return dir;
}

interface JsonHook {
  source: string;
  file: string;
  line: number;
  command: string;
  ours: boolean;
  plugin?: string;
  matcher?: string;
  matches?: boolean;
  duplicateOf?: number;
}

describe('ralph-hooks explain', () => {
  let root: string;
  let home: string;
  const explain = (args: string[], env: Record<string, string> = {}) => ralphHooks(['explain', ...args], { cwd: root, env: { HOME: home, ...env } });
  const explainJson = (args: string[] = []) => {
    const result = explain([...args, '--json']);
    expect(result.stderr).toBe('');
    return JSON.parse(result.stdout) as { events: Record<string, JsonHook[]>; findings: { code: string; file?: string; line?: number; message: string }[]; sources: string[] };
  };

  beforeEach(() => {
    root = generatedProject(JSON.stringify({ hooks: [{ kind: 'guard', preset: 'guard' }, { kind: 'stop-watcher', preset: 'specum' }] }));
    home = tempDir('ralph-hooks-home-');
  });

  it('merges user, project, local and plugin hooks in Claude Code\'s order, each at its file and line, ours marked', () => {
    write(join(home, '.claude/settings.json'), { hooks: { Stop: [group('echo user-stop')], PreToolUse: [group('echo user-guard', 'Bash')] } });
    const settings = JSON.parse(readFileSync(join(root, '.claude/settings.json'), 'utf8'));
    settings.hooks.Stop.unshift(group('echo project-first'));
    write(join(root, '.claude/settings.json'), settings);
    write(join(root, '.claude/settings.local.json'), { hooks: { Stop: [group('echo local-stop')] } });
    const dirPlugin = plugin(join(tempDir(), 'loop'), 'ralph-loop', { Stop: [group('echo plugin-dir-stop')] });
    // An installed plugin: listed in installed_plugins.json and enabled in the user's settings.
    const installed = plugin(join(home, '.claude/plugins/cache/mkt/helper/1.0.0'), 'helper', { Stop: [group('echo installed-stop')] });
    write(join(home, '.claude/plugins/installed_plugins.json'), { version: 2, plugins: { 'helper@mkt': [{ scope: 'user', installPath: installed, version: '1.0.0' }] } });
    write(join(home, '.claude/plugins/known_marketplaces.json'), { mkt: { source: { source: 'directory', path: home } } });
    const user = JSON.parse(readFileSync(join(home, '.claude/settings.json'), 'utf8'));
    write(join(home, '.claude/settings.json'), { ...user, enabledPlugins: { 'helper@mkt': true } });

    const { events } = explainJson(['--plugin-dir', dirPlugin]);
    expect(events.Stop!.map((hook) => [hook.source, hook.command, hook.ours])).toEqual([
      ['user', 'echo user-stop', false],
      ['project', 'echo project-first', false],
      ['project', 'bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/stop-watcher.sh', true],
      ['local', 'echo local-stop', false],
      ['plugin', 'echo plugin-dir-stop', false],
      ['plugin', 'echo installed-stop', false],
    ]);
    const [userStop, projectFirst, ours, local, fromDir, fromInstall] = events.Stop!;
    expect(userStop).toMatchObject({ file: '~/.claude/settings.json', line: lineOf(join(home, '.claude/settings.json'), 'echo user-stop') });
    expect(projectFirst).toMatchObject({ file: '.claude/settings.json', line: lineOf(join(root, '.claude/settings.json'), 'echo project-first') });
    expect(ours!.line).toBe(lineOf(join(root, '.claude/settings.json'), 'stop-watcher.sh'));
    expect(local).toMatchObject({ file: '.claude/settings.local.json', line: lineOf(join(root, '.claude/settings.local.json'), 'echo local-stop') });
    expect(fromDir).toMatchObject({ plugin: 'ralph-loop', file: join(dirPlugin, 'hooks/hooks.json') });
    expect(fromInstall).toMatchObject({ plugin: 'helper', file: '~/.claude/plugins/cache/mkt/helper/1.0.0/hooks/hooks.json' });
    expect(events.PreToolUse!.map((hook) => [hook.source, hook.ours])).toEqual([['user', false], ['project', true]]);
  });

  it('puts managed settings after the local ones, and leaves out a plugin not enabled or from a marketplace Claude Code does not know', () => {
    const managed = tempDir('ralph-hooks-managed-');
    write(join(managed, 'managed-settings.json'), { hooks: { Stop: [group('echo managed-stop')] } });
    write(join(managed, 'managed-settings.d/10-extra.json'), { hooks: { Stop: [group('echo drop-in-stop')] } });
    write(join(root, '.claude/settings.local.json'), { hooks: { Stop: [group('echo local-stop')] } });
    const installed = plugin(join(home, 'p'), 'off', { Stop: [group('echo disabled-plugin')] });
    const unknown = plugin(join(home, 'q'), 'stray', { Stop: [group('echo unknown-marketplace')] });
    write(join(home, '.claude/plugins/installed_plugins.json'), { version: 2, plugins: { 'off@mkt': [{ scope: 'user', installPath: installed }], 'stray@elsewhere': [{ scope: 'user', installPath: unknown }] } });
    write(join(home, '.claude/plugins/known_marketplaces.json'), { mkt: {} });
    write(join(home, '.claude/settings.json'), { enabledPlugins: { 'off@mkt': false, 'stray@elsewhere': true } });
    const { hooks } = explainHooks(root, TARGETS['claude-project'], readConfig(root), { env: { HOME: home }, claudeManagedDir: managed });
    expect(hooks.filter((hook) => hook.event === 'Stop').map((hook) => hook.command)).toEqual(['bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/stop-watcher.sh', 'echo local-stop', 'echo managed-stop', 'echo drop-in-stop']);
  });

  it('a user\'s copy of our command is theirs, and an identical command in a later file runs once', () => {
    write(join(root, '.claude/settings.local.json'), { hooks: { Stop: [group('bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/stop-watcher.sh')] } });
    const { events } = explainJson(['Stop']);
    expect(events.Stop!.map((hook) => [hook.source, hook.ours, hook.duplicateOf])).toEqual([['project', true, undefined], ['local', false, 1]]);
  });

  it('says which hooks a sample tool call matches, with Claude Code\'s matcher rules and "if" conditions', () => {
    write(join(home, '.claude/settings.json'), {
      hooks: {
        PreToolUse: [
          group('echo edits', 'Edit|Write'),
          group('echo regex', 'Ba.*'),
          group('echo git-only', 'Bash', { if: 'Bash(git *)' }),
          group('echo rm-only', 'Bash', { if: 'Bash(rm:*)' }),
        ],
      },
    });
    const { events } = explainJson(['PreToolUse', '--tool', 'Bash', '--command', 'rm -rf x']);
    expect(events.PreToolUse!.map((hook) => [hook.command, hook.matches])).toEqual([
      ['echo edits', false],
      ['echo regex', true],
      ['echo git-only', false],
      ['echo rm-only', true],
      ['bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh', true],
    ]);
    const text = explain(['PreToolUse', '--tool', 'Bash', '--command', 'rm -rf x']).stdout;
    expect(text).toContain('✗ skipped for Bash: matcher "Edit|Write" does not match Bash');
    expect(text).toContain('→ runs for Bash: matcher "Ba.*" matches Bash');
  });

  it('matchers, as each agent reads them', () => {
    expect(matcherMatches(undefined, 'Bash', 'claude-code')).toBe(true);
    expect(matcherMatches('*', 'Bash', 'claude-code')).toBe(true);
    expect(matcherMatches('Bash', 'Bash', 'claude-code')).toBe(true);
    expect(matcherMatches('Ba', 'Bash', 'claude-code')).toBe(false); // a plain word is an exact name
    expect(matcherMatches('Edit.*', 'NotebookEdit', 'claude-code')).toBe(true); // a regex is unanchored
    expect(matcherMatches('bash', 'Bash', 'claude-code')).toBe(false);
    expect(matcherMatches('Bash', 'run_shell_command', TARGETS['qwen-project'].matcherSyntax, ['Bash'])).toBe(true);
    expect(matcherMatches('Bash', 'run_shell_command', TARGETS['gemini-project'].matcherSyntax)).toBe(false);
    expect(matcherMatches('.*', 'run_shell_command', TARGETS['gemini-project'].matcherSyntax)).toBe(true);
    const hook = explainHooks(root, TARGETS['claude-project'], readConfig(root), { env: { HOME: home } }).hooks.find((h) => h.event === 'PreToolUse')!;
    expect(matchToolCall({ ...hook, matcher: 'run_shell_command' }, TARGETS['gemini-project'], { tool: 'Bash' })).toMatchObject({ agentTool: 'run_shell_command', runs: true });
  });

  it('Qwen Code: the project\'s hooks before the user\'s', () => {
    write(join(root, 'ralph-hooks.config.json'), { target: 'qwen-project', hooks: [{ kind: 'stop-watcher', preset: 'specum' }] });
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    write(join(home, '.qwen/settings.json'), { hooks: { Stop: [group('echo user-stop')] } });
    const { events } = explainJson(['Stop']);
    expect(events.Stop!.map((hook) => [hook.source, hook.file, hook.ours])).toEqual([
      ['project', '.qwen/settings.json', true],
      ['user', '~/.qwen/settings.json', false],
    ]);
  });

  it('RH17: a plugin\'s Stop hook beside our blocking stop-watcher, in explain and in doctor', () => {
    const loop = plugin(join(home, 'loop'), 'ralph-loop', { Stop: [group('echo plugin-stop')] });
    write(join(home, '.claude/plugins/installed_plugins.json'), { version: 2, plugins: { 'ralph-loop@official': [{ scope: 'user', installPath: loop }] } });
    write(join(home, '.claude/settings.json'), { enabledPlugins: { 'ralph-loop@official': true }, extraKnownMarketplaces: { official: { source: { source: 'directory', path: home } } } });
    const { findings } = explainJson(['Stop']);
    const rh17 = findings.find((finding) => finding.code === 'RH17')!;
    expect(rh17.message).toMatch(/^2 Stop hooks can block a stop: our stop-watcher \(\.claude\/settings\.json:\d+\), plugin ralph-loop \(~\/loop\/hooks\/hooks\.json:\d+ \(plugin ralph-loop\)\)/);
    expect(rh17).toMatchObject({ file: '~/loop/hooks/hooks.json', line: lineOf(join(loop, 'hooks/hooks.json'), 'plugin-stop') });
    const doctor = ralphHooks(['doctor'], { cwd: root, env: { HOME: home } });
    expect(doctor.stdout).toMatch(/! RH17 warning: 2 Stop hooks can block a stop: our stop-watcher .*plugin ralph-loop.*\n\s+fix: Keep one loop: disable plugin ralph-loop/);
    expect(doctor.status).toBe(0);
  });

  it('RH17 names a /goal-style condition (a prompt Stop hook a model judges) beside our blocking stop-watcher, in explain and in doctor', () => {
    const settings = join(root, '.claude/settings.local.json');
    write(settings, { hooks: { Stop: [{ hooks: [{ type: 'prompt', prompt: 'Are all tests passing? Answer ok or give the reason.' }] }] } });
    const rh17 = explainJson(['Stop']).findings.find((finding) => finding.code === 'RH17')!;
    expect(rh17.message).toMatch(/^2 Stop hooks can block a stop: our stop-watcher \(\.claude\/settings\.json:\d+\), a local-level hook, a \/goal-style condition a model judges \(type "prompt"\) \(\.claude\/settings\.local\.json:\d+\)/);
    const doctor = ralphHooks(['doctor'], { cwd: root, env: { HOME: home } });
    expect(doctor.stdout).toMatch(/! RH17 warning: .*\/goal-style condition.*\n\s+fix: Keep one controller: remove that prompt hook from \.claude\/settings\.local\.json/);
  });

  it('RH17 stays quiet for the passive stop-watcher', () => {
    write(join(root, 'ralph-hooks.config.json'), { hooks: [{ kind: 'stop-watcher', preset: 'passive' }] });
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    write(join(home, '.claude/settings.json'), { hooks: { Stop: [group('echo user-stop')] } });
    expect(explainJson().findings.map((finding) => finding.code)).not.toContain('RH17');
  });

  it('RH14 for a user-level hook whose script is missing (~ expanded as the shell does), in explain and in doctor', () => {
    mkdirSync(join(home, 'bin'));
    writeFileSync(join(home, 'bin/present.sh'), 'exit 0\n');
    write(join(home, '.claude/settings.json'), { hooks: { PreToolUse: [group('bash ~/bin/present.sh', 'Bash'), group('bash ~/bin/gone.sh', 'Bash')] } });
    const rh14 = explainJson().findings.filter((finding) => finding.code === 'RH14');
    expect(rh14).toHaveLength(1);
    expect(rh14[0]).toMatchObject({ file: '~/.claude/settings.json', line: lineOf(join(home, '.claude/settings.json'), 'gone.sh') });
    const doctor = ralphHooks(['doctor'], { cwd: root, env: { HOME: home } });
    expect(doctor.status).toBe(1);
    expect(doctor.stdout).toMatch(/✗ RH14 ~\/\.claude\/settings\.json:\d+: the PreToolUse hook `bash ~\/bin\/gone\.sh` runs .*gone\.sh, which does not exist/);
  });

  it('RH15: our guard without "onFailure": "block"', () => {
    const file = join(root, '.claude/settings.json');
    const settings = JSON.parse(readFileSync(file, 'utf8'));
    delete settings.hooks.PreToolUse[0].hooks[0].onFailure;
    write(file, settings);
    const findings = explainJson().findings.filter((finding) => finding.code === 'RH15');
    expect(findings).toEqual([expect.objectContaining({ file: '.claude/settings.json', line: lineOf(file, 'guard.sh'), message: expect.stringContaining('has no "onFailure": "block"') })]);
  });

  it('RH16: a user-level Gemini CLI matcher with Claude Code\'s tool name', () => {
    write(join(root, 'ralph-hooks.config.json'), { target: 'gemini-project', hooks: [{ kind: 'guard', preset: 'guard' }] });
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    write(join(home, '.gemini/settings.json'), { hooks: { BeforeTool: [group('echo x', 'Bash')] } });
    const { findings, events } = explainJson(['PreToolUse']);
    expect(Object.keys(events)).toEqual(['BeforeTool']);
    expect(findings.find((finding) => finding.code === 'RH16')?.message).toBe(`~/.gemini/settings.json:${lineOf(join(home, '.gemini/settings.json'), 'echo x')}: the BeforeTool matcher "Bash" names Bash, which Gemini CLI calls run_shell_command: that part never matches.`);
  });

  it('the guard\'s PreSkillShellCommand handler: listed under its event, matcher Bash, and a sample Bash line matches it', () => {
    const { events } = explainJson(['PreSkillShellCommand', '--tool', 'Bash']);
    expect(events.PreSkillShellCommand).toEqual([expect.objectContaining({ file: '.claude/settings.json', ours: true, matcher: 'Bash', matches: true, command: 'bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh' })]);
  });

  it('every event of the newest Claude Code is known (PostToolBatch, StopFailure, PostCompact…); another agent\'s event is refused with who has it', () => {
    for (const event of ['PostToolBatch', 'PostCompact', 'PermissionDenied', 'TaskCreated', 'MessageDisplay']) {
      expect(explain([event]), event).toMatchObject({ status: 0, stdout: expect.stringContaining(`runs no hook on ${event}`) });
    }
    // The project's specum stop-watcher answers StopFailure too (it records a session ended by an API error).
    expect(explain(['StopFailure'])).toMatchObject({ status: 0, stdout: expect.stringContaining('.claude/hooks/stop-watcher.sh') });
    expect(explain(['BeforeModel'])).toMatchObject({ status: 2, stderr: expect.stringContaining('Claude Code has no BeforeModel event (Gemini CLI has it).') });
    expect(explain(['BeforeTool', '--json']).stdout).toContain('"PreToolUse"'); // Gemini CLI's name of PreToolUse
    expect(explain(['PreSkillShellCommand', '--agent', 'codex-project'])).toMatchObject({ status: 2, stderr: expect.stringContaining('Codex CLI has no PreSkillShellCommand event (Claude Code has it).') });
    expect(explain(['Stop', '--agent', 'gemini-project']).stdout).toContain('runs no hook on AfterAgent');
  });

  it('RH24: a hook under an event the agent does not fire, or with a matcher the agent ignores (warnings, with file and line)', () => {
    const file = join(root, '.claude/settings.local.json');
    write(file, { hooks: { PreToolUSe: [group('echo typo', 'Bash')], BeforeTool: [group('echo gemini', 'Bash')], Stop: [group('echo stop-matcher', 'Bash')], PostToolBatch: [group('echo batch')] } });
    const rh24 = explainJson().findings.filter((finding) => finding.code === 'RH24').sort((a, b) => a.line! - b.line!);
    expect(rh24).toEqual([
      expect.objectContaining({ file: '.claude/settings.local.json', line: lineOf(file, 'echo typo'), message: `.claude/settings.local.json:${lineOf(file, 'echo typo')}: Claude Code has no event PreToolUSe: this hook never runs.`, fix: expect.stringMatching(/^Did you mean PreToolUse\? Claude Code's events: PreToolUse, PostToolUse, /) }),
      expect.objectContaining({ line: lineOf(file, 'echo gemini'), message: expect.stringContaining('Claude Code calls the BeforeTool event PreToolUse: this hook never runs.'), fix: 'Register it under PreToolUse.' }),
      expect.objectContaining({ line: lineOf(file, 'echo stop-matcher'), message: expect.stringContaining('Claude Code ignores the matcher "Bash" on Stop: this hook runs every time.') }),
    ]);
    expect(explain([]).status).toBe(0); // warnings only

    write(join(root, 'ralph-hooks.config.json'), { target: 'gemini-project', hooks: [{ kind: 'guard', preset: 'guard' }] });
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    const gemini = join(home, '.gemini/settings.json');
    write(gemini, { hooks: { PreToolUse: [group('echo claude-name', 'run_shell_command')] } });
    expect(explainJson().findings.filter((finding) => finding.code === 'RH24').map((finding) => finding.message)).toEqual([
      `~/.gemini/settings.json:${lineOf(gemini, 'echo claude-name')}: Gemini CLI calls the PreToolUse event BeforeTool: this hook never runs.`,
    ]);
  });

  it('RH21: Codex skips the hooks of a project it does not trust', () => {
    write(join(root, 'ralph-hooks.config.json'), { target: 'codex-project', hooks: [{ kind: 'guard', preset: 'guard' }] });
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    expect(explainJson().findings.map((finding) => finding.code)).toContain('RH21');
    write(join(home, '.codex/config.toml'), `[projects.${JSON.stringify(root)}]\ntrust_level = "trusted"\n`);
    expect(explainJson().findings.map((finding) => finding.code)).not.toContain('RH21');
  });

  it('--format github (and GITHUB_ACTIONS=true) prints one annotation per finding at its file and line', () => {
    write(join(home, '.claude/settings.json'), { hooks: { Stop: [group('bash ~/bin/gone.sh')] } });
    const line = lineOf(join(home, '.claude/settings.json'), 'gone.sh');
    const github = explain(['--format', 'github']);
    expect(github.status).toBe(1);
    const annotations = github.stdout.trim().split('\n');
    expect(annotations[0]).toMatch(new RegExp(`^::error file=~/\\.claude/settings\\.json,line=${line},title=RH14::~/\\.claude/settings\\.json:${line}: the Stop hook .* Fix: Remove that hook`));
    expect(annotations[1]).toMatch(new RegExp(`^::warning file=~/\\.claude/settings\\.json,line=${line},title=RH17::2 Stop hooks can block a stop`));
    expect(explain([], { GITHUB_ACTIONS: 'true' }).stdout).toBe(github.stdout);
    const doctor = ralphHooks(['doctor', '--format', 'github'], { cwd: root, env: { HOME: home } });
    expect(doctor.stdout.trim().split('\n')).toEqual(annotations);
  });

  it('usage errors: an unknown event, agent or format, --command without --tool (exit 2, with a suggestion)', () => {
    expect(explain(['Stpo'])).toMatchObject({ status: 2, stderr: expect.stringContaining("unknown event 'Stpo'. Did you mean Stop?") });
    expect(explain(['--agent', 'qwen-projet'])).toMatchObject({ status: 2, stderr: expect.stringContaining('Did you mean qwen-project?') });
    expect(explain(['--format', 'jsno'])).toMatchObject({ status: 2, stderr: expect.stringContaining('Did you mean json?') });
    expect(explain(['--command', 'ls'])).toMatchObject({ status: 2, stderr: expect.stringContaining('--command needs --tool') });
    expect(explain(['--tol', 'Bash'])).toMatchObject({ status: 2, stderr: expect.stringContaining("unknown option '--tol'. Did you mean --tool?") });
  });

  it('a user settings file that is not JSON: one message with file and line, in explain; RH18 in doctor', () => {
    write(join(home, '.claude/settings.json'), '{\n  "hooks": {\n    "Stop": [\n  }\n}\n');
    const result = explain([]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^ralph-hooks explain: ~\/\.claude\/settings\.json is not valid JSON \(line 4, column 3\)/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    const doctor = ralphHooks(['doctor'], { cwd: root, env: { HOME: home } });
    expect(doctor.stdout).toMatch(/✗ RH18 ~\/\.claude\/settings\.json is not valid JSON \(line 4, column 3\).*\n\s+fix: Fix the JSON at line 4 of ~\/\.claude\/settings\.json\./);
  });

  it('the text output lists each event with its hooks, numbered in order', () => {
    write(join(home, '.claude/settings.json'), { hooks: { Stop: [group('echo user-stop')] } });
    const text = explain(['Stop']).stdout;
    expect(text).toMatch(/^Stop: 2 hook\(s\), started in this order \(Claude Code runs them side by side\)\n  1\. ~\/\.claude\/settings\.json:\d+  \[user\]\n     echo user-stop\n  2\. \.claude\/settings\.json:\d+  \[project, ralph-hooks\]\n     bash "\$CLAUDE_PROJECT_DIR"\/\.claude\/hooks\/stop-watcher\.sh/);
  });
});
