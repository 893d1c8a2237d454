#!/usr/bin/env node
// How often the generated guard denies what a coding agent runs every day. Runs the guard
// (the default rules, then every rule on) over bench/guard-harmless-commands.json: some
// 1,200 harmless commands written for this project (builds, tests, git, package managers,
// reading and editing files inside the project, read-only docker/kubectl/cloud/database
// calls…). It reports the share denied per rule, lists each denied command with its reason,
// and times each call against one `jq -n 1` start measured in the same run (interleaved:
// one jq start before each guard call). Not a test: a denial here is a question, not a bug.
// Usage: npm run build && node bench/guard-harmless.mjs [--quiet]
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { generate } from '../dist/src/index.js';
import { GUARD_RULE_IDS } from '../dist/src/presets/guard.js';

const quiet = process.argv.includes('--quiet');
const commands = JSON.parse(readFileSync(new URL('./guard-harmless-commands.json', import.meta.url), 'utf8'));

// The project lies in a home folder of its own, as a real one does (~ and $HOME resolve there).
async function project(name, rules) {
  const home = mkdtempSync(join(tmpdir(), `ralph-hooks-bench-harmless-${name}-`));
  const root = join(home, 'project');
  mkdirSync(join(root, 'src'), { recursive: true });
  writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ target: 'claude-project', hooks: [{ kind: 'guard', preset: 'guard', options: { rules } }] }));
  await generate(root);
  return { name, home, root, script: join(root, '.claude/hooks/guard.sh') };
}
const setups = [
  await project('default rules', {}),
  await project('every rule on', Object.fromEntries(GUARD_RULE_IDS.map((id) => [id, { enabled: true }]))),
];

const timed = (command, args, options) => {
  const start = process.hrtime.bigint();
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  return { result, ms: Number(process.hrtime.bigint() - start) / 1e6 };
};
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

for (const setup of setups) {
  const denied = [];
  const guardMs = [];
  const jqMs = [];
  let slowest = { ms: 0, command: '' };
  commands.forEach((command, i) => {
    jqMs.push(timed('jq', ['-n', '1'], {}).ms);
    // Each call a session of its own: the doom-loop rule counts repeats within one session.
    const input = JSON.stringify({ session_id: `harmless-${i}`, transcript_path: '/dev/null', cwd: setup.root, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, tool_use_id: `t${i}` });
    const { result, ms } = timed('bash', [setup.script], { input, cwd: setup.root, env: { ...process.env, HOME: setup.home, CLAUDE_PROJECT_DIR: setup.root } });
    if (result.status !== 0) throw new Error(`${setup.name}: the guard exited ${result.status} on ${command}\n${result.stderr}`);
    guardMs.push(ms);
    if (ms > slowest.ms) slowest = { ms, command };
    if (result.stdout !== '') {
      const reason = JSON.parse(result.stdout).hookSpecificOutput?.permissionDecisionReason ?? result.stdout;
      denied.push({ command, rule: reason.split(':')[0], reason });
    }
  });
  const byRule = new Map();
  for (const d of denied) byRule.set(d.rule, [...(byRule.get(d.rule) ?? []), d]);
  const share = (n) => `${((100 * n) / commands.length).toFixed(1)}%`;
  console.log(`\n${setup.name}: ${denied.length} of ${commands.length} harmless commands denied (${share(denied.length)})`);
  for (const [rule, list] of [...byRule].sort((a, b) => b[1].length - a[1].length)) {
    console.log(`  ${rule}: ${list.length} (${share(list.length)})`);
    if (!quiet) for (const d of list) console.log(`    ${JSON.stringify(d.command)}\n      ${d.reason.slice(d.rule.length + 2, d.rule.length + 182)}`);
  }
  const g = median(guardMs);
  const j = median(jqMs);
  console.log(`  time per call: median ${g.toFixed(1)} ms (p95 ${percentile(guardMs, 95).toFixed(1)} ms, slowest ${slowest.ms.toFixed(1)} ms: ${JSON.stringify(slowest.command.slice(0, 80))}); one jq start ${j.toFixed(1)} ms; ratio ${(g / j).toFixed(2)}× (target ≤ 2×)`);
}
