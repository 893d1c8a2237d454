#!/usr/bin/env node
// Times the generated loop stop-watcher (bash runtime) on a continuation (the common path:
// an active loop, a last_assistant_message without the promise, the state rewritten)
// against one `jq -n 1` start, in the same run. A second row times the transcript
// fallback (no last_assistant_message, 2000-line transcript) for information.
// Usage: npm run build && node bench/stop-watcher-loop.mjs [runs]
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { generate } from '../dist/src/index.js';
import { compare, printTable } from './lib/measure.mjs';

const runs = Number(process.argv[2] ?? 60);
const project = mkdtempSync(join(tmpdir(), 'ralph-hooks-bench-'));
writeFileSync(join(project, 'ralph-hooks.config.json'), JSON.stringify({ hooks: [{ kind: 'stop-watcher', preset: 'loop' }] }));
await generate(project);

// An unlimited loop with a promise, so every run blocks and rewrites the state file.
mkdirSync(join(project, '.claude'), { recursive: true });
writeFileSync(
  join(project, '.claude/ralph-loop.local.md'),
  ['---', 'active: true', 'iteration: 1', 'session_id: bench', 'max_iterations: 0', 'completion_promise: "DONE"', 'started_at: "2026-08-22T10:00:00Z"', '---', '', 'Make the tests pass.', ''].join('\n'),
);
const line = JSON.stringify({ type: 'assistant', message: { id: 'msg_1', role: 'assistant', content: [{ type: 'text', text: 'Working on the task.' }] } });
writeFileSync(join(project, 'transcript.jsonl'), `${line}\n`.repeat(2000));
const base = { session_id: 'bench', transcript_path: join(project, 'transcript.jsonl'), cwd: project, hook_event_name: 'Stop', permission_mode: 'default', stop_hook_active: true };
const input = JSON.stringify({ ...base, last_assistant_message: 'Fixed two tests; three to go.' });
const fallback = JSON.stringify(base);
const hook = join(project, '.claude/hooks/stop-watcher.sh');
const env = { CLAUDE_PROJECT_DIR: project };

// Guard against timing a hook that bails out early: both cases must produce a block.
for (const text of [input, fallback]) {
  const check = spawnSync('bash', [hook], { input: text, encoding: 'utf8', env: { ...process.env, ...env } });
  if (!check.stdout.includes('"decision":"block"')) throw new Error(`the bench case did not block:\n${check.stdout}${check.stderr}`);
}

const rows = compare(
  [
    { name: 'jq -n 1 (reference)', command: ['jq', '-n', '1'] },
    { name: 'loop stop-watcher (bash), continuation', command: ['bash', hook], input, env },
    { name: 'loop stop-watcher (bash), transcript fallback', command: ['bash', hook], input: fallback, env },
  ],
  { runs },
);
// The target applies to the common path (row 2); the fallback row is for information.
printTable('loop stop-watcher (bash) vs one jq start (median of interleaved runs)', rows.slice(0, 2), 1.5);
printTable('for information: the transcript fallback', [rows[0], rows[2]]);
