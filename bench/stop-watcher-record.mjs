#!/usr/bin/env node
// Times the loop stop-watcher (bash runtime) on a continuation whose transcript is 50 MB, with
// the loop record on (docs/reports.md): the usage since the previous Stop is read from the
// transcript's new bytes only (the offset kept in .ralph-hooks/state/loops/<session>.<hook>.usage),
// inside the hook's one jq run. Each run starts from the same offset: one iteration's worth of
// Claude Code lines (about 20 KB) before the end. The reference is one `jq -n 1` start in the
// same run; the target is 1.6x. A second row, for information: the same Stop with budgets
// (maxTokens and maxCostUsd: the price table rendered in), the reset alone, and the same Stop
// when the transcript has no new bytes (its jq run then leaves the usage program out).
// Usage: npm run build && node bench/stop-watcher-record.mjs [runs]
import { closeSync, mkdirSync, mkdtempSync, openSync, statSync, utimesSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { generate } from '../dist/src/index.js';
import { compare, printTable } from './lib/measure.mjs';

const runs = Number(process.argv[2] ?? 40);
const TRANSCRIPT_BYTES = 50 * 1024 * 1024;

function project(options) {
  const root = mkdtempSync(join(tmpdir(), 'ralph-hooks-bench-'));
  writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ hooks: [{ kind: 'stop-watcher', preset: 'loop', options }] }));
  return root;
}
const plain = project({});
const budgeted = project({ maxTokens: 1e12, maxCostUsd: 1e6 });
for (const root of [plain, budgeted]) await generate(root);

// A Claude Code transcript: each model call a text line and a tool_use line under one message id, with its usage.
const call = (n) => {
  const usage = { input_tokens: 1200 + n, output_tokens: 80, cache_read_input_tokens: 30000, cache_creation_input_tokens: 500 };
  const head = { type: 'assistant', timestamp: '2026-11-28T10:00:00.000Z', message: { id: `msg_${n}`, model: 'claude-sonnet-4-5', role: 'assistant', usage } };
  return `${JSON.stringify({ ...head, message: { ...head.message, content: [{ type: 'text', text: 'Working on the task. '.repeat(20) }] } })}\n`
    + `${JSON.stringify({ ...head, message: { ...head.message, content: [{ type: 'tool_use', id: `t${n}`, name: 'Bash', input: { command: 'npm test' } }] } })}\n`
    + `${JSON.stringify({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${n}`, content: 'ok '.repeat(400) }] } })}\n`;
};
const transcript = join(plain, 'transcript.jsonl');
const fd = openSync(transcript, 'w');
let n = 0;
for (let written = 0; written < TRANSCRIPT_BYTES; n += 1) written += writeSync(fd, call(n));
closeSync(fd);
const size = statSync(transcript).size;
// Written after the .usage file each run resets, as the agent writes it between two Stops: a
// .usage file newer than the transcript tells the hook there is nothing new, unread.
const later = new Date(Date.now() + 86_400_000);
utimesSync(transcript, later, later);
const iteration = 20 * 1024; // about one iteration's lines are new at each Stop

const state = ['---', 'active: true', 'iteration: 1', 'session_id: bench', 'max_iterations: 0', 'completion_promise: "DONE"', 'started_at: "2026-11-28T10:00:00Z"', '---', '', 'Make the tests pass.', ''].join('\n');
const input = JSON.stringify({ session_id: 'bench', transcript_path: transcript, cwd: plain, hook_event_name: 'Stop', stop_hook_active: true, last_assistant_message: 'Fixed two tests; three to go.' });
const rows = [];
const commands = [{ name: 'jq -n 1 (reference)', command: ['jq', '-n', '1'] }];
for (const [name, root] of [['loop stop-watcher, 50 MB transcript, record on', plain], ['the same with maxTokens and maxCostUsd', budgeted]]) {
  mkdirSync(join(root, '.claude'), { recursive: true });
  writeFileSync(join(root, '.claude/ralph-loop.local.md'), state);
  mkdirSync(join(root, '.ralph-hooks/state/loops'), { recursive: true });
  // The .usage file each run starts from: an offset one iteration before the end.
  const seed = join(root, 'usage.seed');
  writeFileSync(seed, `${size - iteration} {"v":1,"key":"2026-11-28T10:00:00Z","totals":{"started":1795860000,"tokens":0,"costUsd":0},"model":null,"codex":null}\n`);
  const usage = join(root, '.ralph-hooks/state/loops/bench.stop-watcher.usage');
  const hook = join(root, '.claude/hooks/stop-watcher.sh');
  const text = input.replaceAll(plain, root).replace(join(root, 'transcript.jsonl'), transcript);
  // The reset is a builtin read and write, no process: `exec` leaves the hook's own time.
  commands.push({ name, command: ['bash', '-c', 'IFS= read -r line <"$1"; printf "%s\\n" "$line" >"$2"; exec bash "$3"', 'bench', seed, usage, hook], input: text, env: { CLAUDE_PROJECT_DIR: root } });
  if (root === plain) {
    commands.push({ name: 'the reset alone (bash -c, no hook)', command: ['bash', '-c', 'IFS= read -r line <"$1"; printf "%s\\n" "$line" >"$2"', 'bench', seed, usage] });
    // Nothing new in the transcript since the previous Stop: the jq run leaves loop_usage out.
    const caughtUp = join(root, 'usage-caught-up.seed');
    writeFileSync(caughtUp, `${size} {"v":1,"key":"2026-11-28T10:00:00Z","totals":{"started":1795860000,"tokens":0,"costUsd":0},"model":null,"codex":null}\n`);
    commands.push({ name: 'no new transcript bytes (the loop Stop above)', command: ['bash', '-c', 'IFS= read -r line <"$1"; printf "%s\\n" "$line" >"$2"; exec bash "$3"', 'bench', caughtUp, usage, hook], input: text, env: { CLAUDE_PROJECT_DIR: root } });
  }
}

// Guard against timing a hook that bails out early: it must block and record the new usage.
for (const cmd of commands.slice(1)) {
  if (!cmd.name.startsWith('loop') && !cmd.name.startsWith('the same')) continue;
  const check = spawnSync(cmd.command[0], cmd.command.slice(1), { input: cmd.input, encoding: 'utf8', env: { ...process.env, ...cmd.env } });
  if (!check.stdout.includes('"decision":"block"')) throw new Error(`the bench case did not block:\n${check.stdout}${check.stderr}`);
  const log = spawnSync('tail', ['-n', '1', join(cmd.env.CLAUDE_PROJECT_DIR, '.ralph-hooks/state/loops/bench.jsonl')], { encoding: 'utf8' }).stdout;
  if (!/"usage":\{"model":"claude-sonnet-4-5","input":\d+/.test(log)) throw new Error(`the bench case recorded no usage:\n${log}`);
}

// BASELINE=<a ralph-hooks checkout without the record, built> adds its loop hook on the same
// 50 MB transcript (no .usage file to reset), to show what the record itself costs.
if (process.env.BASELINE) {
  const root = project({});
  spawnSync(process.execPath, [join(process.env.BASELINE, 'bin/ralph-hooks.js'), 'generate', '--dir', root], { encoding: 'utf8' });
  mkdirSync(join(root, '.claude'), { recursive: true });
  writeFileSync(join(root, '.claude/ralph-loop.local.md'), state);
  commands.push({ name: 'baseline: the hook without the record', command: ['bash', join(root, '.claude/hooks/stop-watcher.sh')], input: input.replaceAll(plain, root).replace(join(root, 'transcript.jsonl'), transcript), env: { CLAUDE_PROJECT_DIR: root } });
}

rows.push(...compare(commands, { runs }));
console.log(`transcript: ${(size / 1024 / 1024).toFixed(1)} MB, ${n} model calls; new at each Stop: ${iteration} bytes`);
printTable('loop stop-watcher (bash) with the loop record vs one jq start (median of interleaved runs)', rows.slice(0, 2), 1.6);
printTable('for information', [rows[0], ...rows.slice(2)]);
