#!/usr/bin/env node
// Times the generated specum stop-watcher on a continuation case (the common,
// most expensive path) against one `jq -n 1` start, in the same run.
// Usage: npm run build && node bench/stop-watcher-specum.mjs [runs]
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { generate } from '../dist/src/index.js';
import { compare, printTable } from './lib/measure.mjs';

const runs = Number(process.argv[2] ?? 60);
const project = mkdtempSync(join(tmpdir(), 'ralph-hooks-bench-'));
writeFileSync(join(project, 'ralph-hooks.config.json'), JSON.stringify({ hooks: [{ kind: 'stop-watcher', preset: 'specum' }] }));
await generate(project);

// A workspace mid-spec: task 3 of 5, and a transcript of ordinary assistant lines.
mkdirSync(join(project, 'specs/bench-spec'), { recursive: true });
writeFileSync(join(project, 'specs/.current-spec'), 'bench-spec\n');
writeFileSync(join(project, 'specs/bench-spec/.ralph-state.json'), JSON.stringify({ phase: 'execution', taskIndex: 2, totalTasks: 5, taskIteration: 1, globalIteration: 7 }));
const line = JSON.stringify({ type: 'assistant', message: { id: 'msg_1', role: 'assistant', content: [{ type: 'text', text: 'Working on the task.' }] } });
writeFileSync(join(project, 'transcript.jsonl'), `${line}\n`.repeat(2000));
// Claude Code 2.1.47+ sends last_assistant_message; older versions leave the hook the transcript.
const base = { session_id: 'bench', transcript_path: join(project, 'transcript.jsonl'), cwd: project, hook_event_name: 'Stop', permission_mode: 'default', stop_hook_active: false };
const input = JSON.stringify({ ...base, last_assistant_message: 'Task 2.3 is done; the tests pass. Moving on.' });
const transcriptOnlyInput = JSON.stringify(base);
// As a real Stop meets it: the model's turn has added a line with its usage since the last Stop,
// which the loop record reads (a session and transcript of their own, so the other rows' stay still).
const liveTranscript = join(project, 'transcript-live.jsonl');
writeFileSync(liveTranscript, `${line}\n`.repeat(2000));
const usageLine = JSON.stringify({ type: 'assistant', message: { id: 'msg_2', model: 'claude-sonnet-4-5', role: 'assistant', usage: { input_tokens: 1200, output_tokens: 80, cache_read_input_tokens: 30000, cache_creation_input_tokens: 500 }, content: [{ type: 'text', text: 'Task 2.3 is done.' }] } });
const liveInput = JSON.stringify({ ...base, session_id: 'bench-live', transcript_path: liveTranscript, last_assistant_message: 'Task 2.3 is done; the tests pass. Moving on.' });

// Guard against timing a hook that bails out early: the case must produce a block.
for (const stdin of [input, transcriptOnlyInput]) {
  const check = spawnSync('bash', [join(project, '.claude/hooks/stop-watcher.sh')], { input: stdin, encoding: 'utf8' });
  if (!check.stdout.includes('"decision":"block"')) throw new Error(`the bench case did not block:\n${check.stdout}${check.stderr}`);
}

const rows = compare(
  [
    { name: 'jq -n 1 (reference)', command: ['jq', '-n', '1'] },
    { name: 'specum stop-watcher, continuation', command: ['bash', join(project, '.claude/hooks/stop-watcher.sh')], input },
    { name: '  same, transcript only (no last_assistant_message)', command: ['bash', join(project, '.claude/hooks/stop-watcher.sh')], input: transcriptOnlyInput },
    { name: '  same, a new usage line since the last Stop', command: ['bash', '-c', 'printf "%s\\n" "$1" >>"$2" && exec bash "$3"', 'append', usageLine, liveTranscript, join(project, '.claude/hooks/stop-watcher.sh')], input: liveInput },
    { name: '  bash appending a line (the row above, without the hook)', command: ['bash', '-c', 'printf "%s\\n" "$1" >>"$2"', 'append', usageLine, join(project, 'appended.jsonl')] },
  ],
  { runs },
);
printTable('specum stop-watcher vs one jq start (median of interleaved runs)', rows.slice(0, 2), 1.5);
console.log(`transcript-only input (Claude Code before 2.1.47): ${rows[2].median.toFixed(2)} ms, ${rows[2].ratio.toFixed(2)}x (information)`);
// A real Stop: the loop record reads the new line (its usage program compiled in the Stop's jq run).
const live = rows[3].median - rows[4].median;
console.log(`a new usage line since the last Stop (every real Stop): ${live.toFixed(2)} ms, ${(live / rows[0].median).toFixed(2)}x (information; the append's own bash start taken off)`);
