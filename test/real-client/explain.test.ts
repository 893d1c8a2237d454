/**
 * `explain` against the real clients: a project's generated hooks beside a user-level guard
 * and a plugin's Stop hook (Claude Code), or user-level hooks (Qwen Code). explain must list
 * every hook the client runs, in the order the client starts them, and doctor must name the
 * two Stop hooks that can both block.
 *
 * The clients start an event's hooks side by side, so the order they finish in proves nothing.
 * Claude Code says when it starts each hook (`--include-hook-events`: a `hook_started` line per
 * hook, in its order, before its process starts); each hook names itself on stderr, which the
 * hook's `hook_response` line carries. The processes themselves start after an asynchronous
 * step of their own, so their ids may come out of order on a busy machine.
 * Qwen Code says nothing, so there each hook writes down its chain of process ids up to init.
 * The processes the client starts (a shell, or the script when the shell hands over to it) are
 * the ones just below the client in every chain; their ids follow the order it started them.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { qwenCodeUserSettings, runClaudeCode, runQwenCode } from '../../testkit/clients/index.js';
import { parseJsonl } from '../../testkit/clients/real-client.js';
import { ralphHooks } from '../helpers/cli.js';
import { realProject, REAL_AGENTS, scratch, SESSION_TIMEOUT_MS, TEST_TIMEOUT_MS, itWhen } from './helpers.js';

const group = (command: string, matcher?: string) => ({ ...(matcher === undefined ? {} : { matcher }), hooks: [{ type: 'command', command }] });

function write(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

/** One line of shell: `<name> <pid> <parent's pid> … 1` appended to the log, and `started <name>` on stderr. */
const recordLine = (name: string, log: string) =>
  `p=$$; chain=$p; while [ "$p" -gt 1 ]; do p=$(ps -o ppid= -p "$p" | tr -d ' '); chain="$chain $p"; done; echo "${name} $chain" >> '${log}'; echo "started ${name}" >&2`;

/** A script that records itself and lets everything pass. */
function recorder(dir: string, name: string, log: string): string {
  const path = join(dir, `${name}.sh`);
  writeFileSync(path, `#!/usr/bin/env bash\n${recordLine(name, log)}\n`);
  chmodSync(path, 0o755);
  return `bash '${path}'`;
}

/** Our generated script records itself too (one line after the shebang), and otherwise does its work. */
function recordInGenerated(script: string, name: string, log: string): void {
  const [shebang, ...rest] = readFileSync(script, 'utf8').split('\n');
  writeFileSync(script, [shebang, recordLine(name, log), ...rest].join('\n'));
}

/** The hooks of one event that ran, in the order the client started them. */
function startedInOrder(log: string, names: string[]): string[] {
  const runs = readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(' '))
    .filter(([name]) => names.includes(name!))
    .map(([name, ...chain]) => ({ name: name!, chain: chain.map(Number).reverse() }));
  // The client: the deepest process every chain (init first) shares.
  let depth = 0;
  while (runs.every((run) => run.chain[depth] !== undefined && run.chain[depth] === runs[0]!.chain[depth])) depth++;
  // Process ids wrap at pid_max (32,768 on many machines, soon reached by a suite that starts
  // thousands of processes): ids that straddle the wrap count from before it.
  const ids = runs.map((run) => run.chain[depth]!);
  const pidMax = Number(readFileSync('/proc/sys/kernel/pid_max', 'utf8'));
  const wrapped = Math.max(...ids) - Math.min(...ids) > pidMax / 2;
  const startOrder = (id: number) => (wrapped && id < pidMax / 2 ? id + pidMax : id);
  return runs.sort((a, b) => startOrder(a.chain[depth]!) - startOrder(b.chain[depth]!)).map((run) => run.name);
}

/**
 * The hooks of one event, in the order Claude Code said it started them: its `hook_started`
 * lines give the order by hook id, the `hook_response` lines each id's stderr, which names it.
 */
function announcedInOrder(stream: string, event: string): string[] {
  const lines = parseJsonl(stream) as { subtype?: string; hook_id?: string; hook_event?: string; stderr?: string }[];
  const nameOfId = new Map(lines.filter((l) => l.subtype === 'hook_response').map((l) => [l.hook_id, /started ([\w-]+)/.exec(l.stderr ?? '')?.[1]]));
  return lines.filter((l) => l.subtype === 'hook_started' && l.hook_event === event).map((l) => nameOfId.get(l.hook_id) ?? `unnamed ${l.hook_id}`);
}

interface ExplainJson {
  events: Record<string, { command: string; file: string; line: number; source: string; ours: boolean; plugin?: string; matches?: boolean }[]>;
}

/** Each explained hook by the name its command records (ours by their script's name). */
const nameOf = (command: string) => /([\w-]+)\.sh/.exec(command)?.[1] ?? command;

const agentOf = (id: string) => REAL_AGENTS.find((a) => a.agent === id)!;
const run = (id: string) => itWhen(agentOf(id).installed);

describe.concurrent('explain lists the hooks in the order the real client runs them', () => {
  run('claude-code')('Claude Code: a user-level guard, a plugin\'s Stop hook and the project\'s generated hooks', async () => {
    const project = realProject({ target: 'claude-project', hooks: [{ kind: 'guard', preset: 'guard' }, { kind: 'stop-watcher', preset: 'specum' }] });
    const home = scratch('ralph-hooks-explain-home-');
    const log = join(project.root, 'started.log');
    recordInGenerated(project.file('.claude/hooks/guard.sh'), 'guard', log);
    recordInGenerated(project.file('.claude/hooks/stop-watcher.sh'), 'stop-watcher', log);
    write(join(home, '.claude/settings.json'), { enabledPlugins: { 'notes@local': true }, hooks: { PreToolUse: [group(recorder(home, 'user-guard', log), 'Bash')] } });
    write(project.file('.claude/settings.local.json'), { hooks: { Stop: [group(recorder(home, 'local-stop', log))], PreToolUse: [group(recorder(home, 'local-pre', log), 'Bash')] } });
    // A plugin folder given to the client (claude --plugin-dir), with a Stop hook…
    const plugin = scratch('ralph-hooks-explain-plugin-');
    write(join(plugin, '.claude-plugin/plugin.json'), { name: 'ralph-loop' });
    write(join(plugin, 'hooks/hooks.json'), { hooks: { Stop: [group(recorder(plugin, 'plugin-stop', log))] } });
    // …and one installed from a marketplace on disk and enabled in the user's settings, with a guard.
    const marketplace = scratch('ralph-hooks-explain-marketplace-');
    write(join(marketplace, '.claude-plugin/marketplace.json'), { name: 'local', owner: { name: 'tests' }, plugins: [{ name: 'notes', source: './notes' }] });
    write(join(marketplace, 'notes/.claude-plugin/plugin.json'), { name: 'notes' });
    write(join(marketplace, 'notes/hooks/hooks.json'), { hooks: { PreToolUse: [group(recorder(marketplace, 'installed-guard', log), 'Bash')] } });
    write(join(home, '.claude/plugins/known_marketplaces.json'), { local: { source: { source: 'directory', path: marketplace }, installLocation: marketplace, lastUpdated: '2026-01-01T00:00:00.000Z' } });
    write(join(home, '.claude/plugins/installed_plugins.json'), { version: 2, plugins: { 'notes@local': [{ scope: 'user', installPath: join(marketplace, 'notes'), version: '1.0.0', installedAt: '2026-01-01T00:00:00.000Z', lastUpdated: '2026-01-01T00:00:00.000Z' }] } });

    const explain = (args: string[]) => ralphHooks(['explain', ...args, '--plugin-dir', plugin], { cwd: project.root, env: { HOME: home } });
    const stop = JSON.parse(explain(['Stop', '--json']).stdout) as ExplainJson;
    const pre = JSON.parse(explain(['PreToolUse', '--tool', 'Bash', '--command', 'echo ran > ran.txt', '--json']).stdout) as ExplainJson;
    expect(stop.events.Stop!.map((h) => [h.source, nameOf(h.command), h.ours])).toEqual([
      ['project', 'stop-watcher', true],
      ['local', 'local-stop', false],
      ['plugin', 'plugin-stop', false],
    ]);
    expect(pre.events.PreToolUse!.map((h) => [h.source, nameOf(h.command), h.ours, h.matches])).toEqual([
      ['user', 'user-guard', false, true],
      ['project', 'guard', true, true],
      ['local', 'local-pre', false, true],
      ['plugin', 'installed-guard', false, true],
    ]);
    const text = explain(['Stop']).stdout;
    expect(text).toContain(`  3. ${join(plugin, 'hooks/hooks.json')}:${stop.events.Stop![2]!.line}  [plugin ralph-loop]`);
    expect(stop.events.Stop![2]!.line).toBe(readFileSync(join(plugin, 'hooks/hooks.json'), 'utf8').split('\n').findIndex((l) => l.includes('plugin-stop')) + 1);

    const doctor = ralphHooks(['doctor', '--plugin-dir', plugin], { cwd: project.root, env: { HOME: home } });
    expect(doctor.stdout).toMatch(/! RH17 warning: 3 Stop hooks can block a stop: our stop-watcher \(\.claude\/settings\.json:\d+\), a local-level hook \(\.claude\/settings\.local\.json:\d+\), plugin ralph-loop/);

    // The client reads the same home: its user settings are the ones explain read.
    const session = await runClaudeCode(project.root, {
      prompt: 'Go',
      turns: [{ shell: 'echo ran > ran.txt' }, { text: 'Done.' }],
      timeoutMs: SESSION_TIMEOUT_MS,
      tap: false,
      args: ['--plugin-dir', plugin],
      env: { HOME: home, CLAUDE_CONFIG_DIR: join(home, '.claude') },
      includeHookEvents: true,
    });
    expect(session.files('ran.txt'), session.stderr.slice(-1500)).not.toBeNull();
    expect(announcedInOrder(session.stdout, 'PreToolUse')).toEqual(pre.events.PreToolUse!.map((h) => nameOf(h.command)));
    expect(announcedInOrder(session.stdout, 'Stop')).toEqual(stop.events.Stop!.map((h) => nameOf(h.command)));
    // Every hook it announced did run (each wrote its line).
    expect(readFileSync(log, 'utf8').trim().split('\n').map((line) => line.split(' ')[0]).sort()).toEqual(
      [...pre.events.PreToolUse!, ...stop.events.Stop!].map((h) => nameOf(h.command)).sort(),
    );
  }, TEST_TIMEOUT_MS);

  run('qwen-code')('Qwen Code: the project\'s hooks before the user\'s', async () => {
    const project = realProject({ target: 'qwen-project', hooks: [{ kind: 'guard', preset: 'guard' }, { kind: 'stop-watcher', preset: 'specum' }] });
    const scripts = scratch('ralph-hooks-explain-scripts-');
    const log = join(project.root, 'started.log');
    recordInGenerated(project.file('.qwen/hooks/guard.sh'), 'guard', log);
    recordInGenerated(project.file('.qwen/hooks/stop-watcher.sh'), 'stop-watcher', log);
    const userHooks = { hooks: { Stop: [group(recorder(scripts, 'user-stop', log))], PreToolUse: [group(recorder(scripts, 'user-guard', log), 'run_shell_command')] } };
    // explain reads a home holding the same user settings the runner writes for the client.
    const home = scratch('ralph-hooks-explain-home-');
    write(join(home, '.qwen/settings.json'), qwenCodeUserSettings(userHooks));

    const explained = (event: string) => (JSON.parse(ralphHooks(['explain', event, '--json'], { cwd: project.root, env: { HOME: home } }).stdout) as ExplainJson).events[event]!;
    const stop = explained('Stop');
    const pre = explained('PreToolUse');
    expect(stop.map((h) => [h.source, nameOf(h.command), h.ours])).toEqual([['project', 'stop-watcher', true], ['user', 'user-stop', false]]);
    expect(pre.map((h) => [h.source, nameOf(h.command), h.ours])).toEqual([['project', 'guard', true], ['user', 'user-guard', false]]);

    const session = await runQwenCode(project.root, {
      prompt: 'Go',
      turns: [{ shell: 'echo ran > ran.txt' }, { text: 'Done.' }],
      timeoutMs: SESSION_TIMEOUT_MS,
      tap: false,
      userSettings: userHooks,
    });
    expect(session.files('ran.txt'), session.stderr.slice(-1500)).not.toBeNull();
    const names = (hooks: typeof stop) => hooks.map((h) => nameOf(h.command));
    expect(startedInOrder(log, names(pre))).toEqual(names(pre));
    expect(startedInOrder(log, names(stop))).toEqual(names(stop));
  }, TEST_TIMEOUT_MS);
});
