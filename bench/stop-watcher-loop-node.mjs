#!/usr/bin/env node
// Times the generated loop stop-watcher (Node runtime) on a continuation (an active loop, a
// last_assistant_message without the promise, the JSON state rewritten) against one
// `node -e 0` start, in the same run.
// Usage: npm run build && node bench/stop-watcher-loop-node.mjs [runs]
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { generate } from '../dist/src/index.js';
import { compare, printTable } from './lib/measure.mjs';

const runs = Number(process.argv[2] ?? 60);
const project = mkdtempSync(join(tmpdir(), 'ralph-hooks-bench-'));
writeFileSync(join(project, 'ralph-hooks.config.json'), JSON.stringify({ hooks: [{ kind: 'stop-watcher', preset: 'loop', options: { runtime: 'node' } }] }));
await generate(project);

mkdirSync(join(project, '.claude'), { recursive: true });
writeFileSync(
  join(project, '.claude/ralph-loop.local.json'),
  JSON.stringify({ active: true, iteration: 1, maxIterations: 0, completionPromise: 'DONE', prompt: 'Make the tests pass.', sessionId: 'bench' }),
);
const input = JSON.stringify({
  session_id: 'bench',
  transcript_path: join(project, 'transcript.jsonl'),
  cwd: project,
  hook_event_name: 'Stop',
  permission_mode: 'default',
  stop_hook_active: true,
  last_assistant_message: 'Fixed two tests; three to go.',
});
const hook = join(project, '.claude/hooks/stop-watcher.mjs');
const env = { CLAUDE_PROJECT_DIR: project };

const check = spawnSync(process.execPath, [hook], { input, encoding: 'utf8', env: { ...process.env, ...env } });
if (!check.stdout.includes('"decision":"block"')) throw new Error(`the bench case did not block:\n${check.stdout}${check.stderr}`);

const rows = compare(
  [
    { name: 'node -e 0 (reference)', command: [process.execPath, '-e', '0'] },
    { name: 'loop stop-watcher (node), continuation', command: [process.execPath, hook], input, env },
  ],
  { runs },
);
printTable('loop stop-watcher (node) vs one node start (median of interleaved runs)', rows, 1.3);
