/**
 * The forgeflare target end to end: generate guard, convergence check, audit log and
 * session end into a project, check the hooks.toml ralph-hooks writes (and how it merges
 * with entries written by hand), then replay a session through the simulator.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyPlan, diskWriter } from '../../src/generate/apply.js';
import { validateConfig } from '../../src/config/load.js';
import { planGeneration } from '../../src/generate/plan.js';
import { readForgeflareHooks } from '../../src/registration/forgeflare-load.js';
import { mergeForgeflareHooks, parseHooksToml } from '../../src/registration/forgeflare-toml.js';
import { readConvergence, replayForgeflare } from '../../testkit/index.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { generateProject } from '../helpers/generate.js';
import { tempDir } from '../helpers/temp.js';

const HOOKS = [
  { kind: 'guard', preset: 'guard', name: 'ralph-guard', options: { rules: { 'doom-loop': { enabled: false } } } },
  { kind: 'audit-log', preset: 'audit-log' },
  { kind: 'convergence', preset: 'convergence', name: 'convergence-check', timeout: 10 },
  { kind: 'session-end', preset: 'session-end' },
];

function project(hooks: unknown[] = HOOKS, root?: string) {
  return generateProject({ target: 'forgeflare', hooks } as never, root);
}

describe('forgeflare target: generated files and hooks.toml', () => {
  it('docs/forgeflare.md shows exactly the hooks.toml generate writes for its config example', () => {
    const doc = readFileSync(join(REPO_ROOT, 'docs/forgeflare.md'), 'utf8');
    const config = JSON.parse(/## The target\n\n```json\n([\s\S]*?)```/.exec(doc)![1]!);
    const toml = /### hooks\.toml\n[\s\S]*?```toml\n([\s\S]*?)```/.exec(doc)![1]!;
    const { root } = generateProject(config);
    expect(readFileSync(join(root, '.forgeflare/hooks.toml'), 'utf8')).toBe(toml);
  });

  it('the side-by-side table in docs/forgeflare.md names tests that exist', () => {
    const doc = readFileSync(join(REPO_ROOT, 'docs/forgeflare.md'), 'utf8');
    const table = doc.slice(doc.indexOf('## Design, real runner and simulator, side by side'));
    const tests = ['real-runner', 'runner'].map((f) => readFileSync(join(REPO_ROOT, `test/forgeflare/${f}.test.ts`), 'utf8')).join('').replace(/\\'/g, "'").replace(/`/g, '');
    const names = [...table.matchAll(/› ([^|,…]+)/g)].map((m) => m[1]!.trim().replace(/`/g, ''));
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) expect(tests, name).toContain(name);
  });

  it('writes every hook in declaration order with event, phase, exact match_tool, command and timeout_ms', () => {
    const { root } = project();
    const hooks = parseHooksToml(readFileSync(join(root, '.forgeflare/hooks.toml'), 'utf8'));
    expect(hooks).toEqual([
      ...['Bash', 'Edit', 'Read', 'Glob', 'Grep'].map((tool) => ({ event: 'PreToolUse', phase: 'guard', match_tool: tool, command: 'bash .forgeflare/hooks/ralph-guard.sh', timeout_ms: 10000 })),
      { event: 'PreToolUse', phase: 'observe', command: 'bash .forgeflare/hooks/audit-log.sh', timeout_ms: 5000 },
      { event: 'PostToolUse', command: 'bash .forgeflare/hooks/convergence-check.sh', timeout_ms: 10000 },
      { event: 'Stop', command: 'bash .forgeflare/hooks/session-end.sh', timeout_ms: 3000 },
    ]);
  });

  it('every generated script is shellcheck-clean, in both contracts', () => {
    for (const target of ['forgeflare', 'claude-project']) {
      const { root } = generateProject({ target, hooks: HOOKS } as never);
      const dir = target === 'forgeflare' ? '.forgeflare/hooks' : '.claude/hooks';
      for (const name of ['ralph-guard', 'audit-log', 'convergence-check', 'session-end']) {
        const result = spawnSync('shellcheck', ['--severity=style', join(root, dir, `${name}.sh`)], { encoding: 'utf8' });
        expect(result.stdout, `${target} ${name}`).toBe('');
      }
    }
  });

  it('keeps entries written by hand (comments and all), replaces ours in place, and is idempotent', () => {
    const root = tempDir('rh-ff-merge-');
    mkdirSync(join(root, '.forgeflare'));
    const handWritten = `# team hooks
[[hooks]]
event = "PreToolUse"
phase = "guard"
match_tool = "Bash"
command = ".forgeflare/team-guard.sh"   # reviewed by the team
timeout_ms = 2000

[[hooks]]
event = "PostToolUse"
command = "bash .forgeflare/hooks/convergence-check.sh"
timeout_ms = 1
note = "kept"

[[hooks]]
event = "Stop"
command = "notify-send done"
`;
    writeFileSync(join(root, '.forgeflare/hooks.toml'), handWritten);
    project(HOOKS, root);
    const text = readFileSync(join(root, '.forgeflare/hooks.toml'), 'utf8');
    expect(text.startsWith(`# team hooks
[[hooks]]
event = "PreToolUse"
phase = "guard"
match_tool = "Bash"
command = ".forgeflare/team-guard.sh"   # reviewed by the team
timeout_ms = 2000
`)).toBe(true);
    const hooks = parseHooksToml(text);
    expect(hooks.map((h) => h.command)).toEqual([
      '.forgeflare/team-guard.sh',
      'bash .forgeflare/hooks/convergence-check.sh', // ours, replaced in place: timeout fixed, extra key kept
      'notify-send done',
      ...Array(5).fill('bash .forgeflare/hooks/ralph-guard.sh'),
      'bash .forgeflare/hooks/audit-log.sh',
      'bash .forgeflare/hooks/session-end.sh',
    ]);
    // forgeflare ignores keys it does not know (`note` stays in the file).
    expect(hooks[1]).toEqual({ event: 'PostToolUse', command: 'bash .forgeflare/hooks/convergence-check.sh', timeout_ms: 10000 });
    expect(text).toContain('note = "kept"');
    // A second run changes nothing.
    const plan = planGeneration(root, validateConfig(JSON.parse(readFileSync(join(root, 'ralph-hooks.config.json'), 'utf8'))));
    expect(plan.changes.find((c) => c.path === '.forgeflare/hooks.toml')!.status).toBe('unchanged');
  });

  it('drops the entries of a hook removed from the config, and only those', () => {
    const { root } = project();
    writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ target: 'forgeflare', hooks: HOOKS.slice(0, 2) }));
    applyPlan(planGeneration(root, validateConfig({ target: 'forgeflare', hooks: HOOKS.slice(0, 2) })), diskWriter(root));
    const commands = parseHooksToml(readFileSync(join(root, '.forgeflare/hooks.toml'), 'utf8')).map((h) => h.command);
    expect(new Set(commands)).toEqual(new Set(['bash .forgeflare/hooks/ralph-guard.sh', 'bash .forgeflare/hooks/audit-log.sh']));
  });

  it('with no hooks writes `hooks = []`, which forgeflare requires, and drops it when a hook comes', () => {
    const { root } = project([]);
    const empty = readFileSync(join(root, '.forgeflare/hooks.toml'), 'utf8');
    expect(empty).toMatch(/^hooks = \[\]$/m);
    expect(readForgeflareHooks(empty)).toMatchObject({ ok: true });
    expect(readForgeflareHooks(empty.replace(/^hooks = \[\]\n/m, ''))).toMatchObject({ ok: false });
    expect(mergeForgeflareHooks(empty, [], { scripts: [] }, '.forgeflare/hooks.toml', '')).toBe(empty);

    project(HOOKS.slice(0, 1), root);
    const withGuard = readFileSync(join(root, '.forgeflare/hooks.toml'), 'utf8');
    expect(withGuard).not.toMatch(/^hooks = \[\]$/m);
    expect(withGuard).toContain('[[hooks]]');
    expect(readForgeflareHooks(withGuard)).toMatchObject({ ok: true });
  });

  it('refuses events forgeflare does not have, and leaves an unreadable hooks.toml untouched', () => {
    expect(() => mergeForgeflareHooks(undefined, [{ event: 'SessionStart', command: 'bash x.sh', script: 'x.sh' }], { scripts: [] }, 'hooks.toml', '')).toThrow(/forgeflare has no SessionStart event/);
    expect(() => mergeForgeflareHooks('[[hooks]]\nevent = [1]\n', [], { scripts: [] }, 'hooks.toml', '')).toThrow(/left the file untouched/);
  });
});

describe('forgeflare target: a replayed session', () => {
  it('guards, audits, signals convergence and records the end, as forgeflare would', async () => {
    const { root } = project();
    mkdirSync(join(root, 'src'));
    const pass = 'running 5 tests\ntest result: ok. 5 passed; 0 failed; finished in 0.8s';
    const { turns, convergence, runner } = await replayForgeflare({
      cwd: root,
      turns: [
        { calls: [{ tool: 'Read', input: { file_path: 'src/lib.rs' }, result: 'fn main() {}' }] },
        { calls: [{ tool: 'Bash', input: { command: 'rm -rf /' } }] },
        { calls: [{ tool: 'Edit', input: { file_path: join(root, 'src/lib.rs'), old_str: 'a', new_str: 'b' }, result: 'ok' }] },
        { calls: [{ tool: 'Bash', input: { command: 'cargo test' }, result: pass }] },
        { calls: [{ tool: 'Bash', input: { command: 'cargo test' }, result: pass }] },
        { calls: [{ tool: 'Bash', input: { command: 'cargo test' }, result: pass }, { tool: 'Read', input: { file_path: 'Cargo.toml' }, result: '[package]' }] },
        { calls: [{ tool: 'Bash', input: { command: 'echo never' } }] },
      ],
    });
    const turn = turns[0]!;
    expect(runner.log.filter((l) => l.level === 'warn')).toEqual([]);
    expect(turn.stopReason).toBe('convergence_signal');
    expect(turn.toolIterations).toBe(6);
    const blocked = turn.calls.find((c) => c.blocked)!;
    expect(blocked.reason).toMatch(/^blocked by bash \.forgeflare\/hooks\/ralph-guard\.sh: fs-destroy: recursive delete of '\/'/);
    expect(turn.calls.filter((c) => c.blocked)).toHaveLength(1);

    expect(convergence).toEqual({
      observations: [{ signal: 'clean_test', reason: '3 consecutive clean test runs with no edit in between', tool_iterations: 5 }],
      final: { reason: 'convergence_signal', tool_iterations: 6, total_tokens: 6000, timestamp: expect.any(String) },
    });
    expect(readConvergence(root)).toEqual(convergence);

    const audit = readFileSync(join(root, '.ralph-hooks/logs/audit.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(audit.map((a) => [a.tool, a.blocked])).toEqual([['Read', false], ['Bash', true], ['Edit', false], ['Bash', false], ['Bash', false], ['Bash', false], ['Read', false]]);
    expect(audit[1]).toMatchObject({ phase: 'observe', blocked_by: 'bash .forgeflare/hooks/ralph-guard.sh', block_reason: expect.stringMatching(/^fs-destroy: /) });

    const sessions = readFileSync(join(root, '.ralph-hooks/logs/sessions.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(sessions).toEqual([expect.objectContaining({ event: 'Stop', reason: 'convergence_signal', tool_iterations: 6, total_tokens: 6000 })]);

    const denials = readFileSync(join(root, '.ralph-hooks/logs/guard.log'), 'utf8').trim().split('\n');
    expect(denials).toHaveLength(1);
    expect(denials[0]!.split('\t').slice(1)).toEqual(['fs-destroy', 'Bash', 'rm -rf /']);
  }, 60_000);
});

describe('cc-compat: a Claude Code-format hook under forgeflare', () => {
  // The forgeflare repository's own ralph-guard.sh style: exit 2 with the reason on stderr,
  // plus a JSON deny for Edit, silence otherwise; it reads Claude Code's field names.
  const CC_GUARD = `#!/usr/bin/env bash
input=$(cat)
tool=$(jq -r '.tool_name' <<<"$input")
cmd=$(jq -r '.tool_input.command // ""' <<<"$input")
old=$(jq -r '.tool_input.old_string // ""' <<<"$input")
if [[ $tool == Bash && $cmd == *"rm -rf"* ]]; then echo "BLOCKED: rm -rf is not allowed" >&2; exit 2; fi
if [[ $tool == Edit && $old == SECRET ]]; then
  echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"do not touch SECRET"}}'
  exit 0
fi
if [[ $cmd == crash ]]; then exit 1; fi
exit 0
`;

  it('maps exit 2, a JSON deny, silence and a non-blocking error onto forgeflare actions', async () => {
    const root = tempDir('rh-cc-compat-');
    mkdirSync(join(root, '.claude/hooks'), { recursive: true });
    writeFileSync(join(root, '.claude/hooks/ralph-guard.sh'), CC_GUARD);
    project([{ kind: 'guard', preset: 'cc-compat', name: 'ralph-guard-compat', options: { script: '.claude/hooks/ralph-guard.sh', tools: ['Bash', 'Edit'] } }], root);
    expect(parseHooksToml(readFileSync(join(root, '.forgeflare/hooks.toml'), 'utf8')).map((h) => h.match_tool)).toEqual(['Bash', 'Edit']);
    const shellcheck = spawnSync('shellcheck', ['--severity=style', join(root, '.forgeflare/hooks/ralph-guard-compat.sh')], { encoding: 'utf8' });
    expect(shellcheck.stdout).toBe('');

    const { turns } = await replayForgeflare({
      cwd: root,
      turns: [{ calls: [
        { tool: 'Bash', input: { command: 'rm -rf build' } },
        { tool: 'Edit', input: { file_path: 'a', old_str: 'SECRET', new_str: 'x' } },
        { tool: 'Bash', input: { command: 'ls' } },
        { tool: 'Bash', input: { command: 'crash' } },
      ], path: 'sequential' }],
    });
    expect(turns[0]!.calls.map((c) => [c.blocked, c.reason ?? ''])).toEqual([
      [true, 'blocked by bash .forgeflare/hooks/ralph-guard-compat.sh: BLOCKED: rm -rf is not allowed'],
      [true, 'blocked by bash .forgeflare/hooks/ralph-guard-compat.sh: do not touch SECRET'],
      [false, ''],
      [false, ''],
    ]);
  });

  it('is for the forgeflare target only', () => {
    expect(() => generateProject({ hooks: [{ kind: 'guard', preset: 'cc-compat', name: 'x', options: { script: 'a.sh' } }] } as never)).toThrow(/adapts Claude Code hooks to forgeflare/);
  });
});
