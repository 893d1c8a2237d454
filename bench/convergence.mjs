#!/usr/bin/env node
// Times the generated convergence check (a PostToolUse hook: it runs after every tool call)
// against one `jq -n 1` start, in the same run: an ordinary command, a test run with 40
// lines of output, and an edit. Each run is a new call recorded in the state, as in a session.
// No target: for information (the hook's one jq program is large, and jq 1.6 compiles it
// again on every start).
// Usage: npm run build && node bench/convergence.mjs [runs]
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { generate } from '../dist/src/index.js';
import { compare, printTable } from './lib/measure.mjs';

const runs = Number(process.argv[2] ?? 60);
const project = mkdtempSync(join(tmpdir(), 'ralph-hooks-bench-convergence-'));
writeFileSync(join(project, 'ralph-hooks.config.json'), JSON.stringify({ hooks: [{ kind: 'convergence', preset: 'convergence' }] }));
writeFileSync(join(project, 'IMPLEMENTATION_PLAN.md'), '- [x] parse the config\n- [ ] write the report\n');
await generate(project);
const hook = join(project, '.claude/hooks/convergence.sh');

let counter = 0;
const call = (toolName, toolInput, toolResponse) => () =>
  JSON.stringify({ session_id: 'bench', cwd: project, hook_event_name: 'PostToolUse', tool_name: toolName, tool_input: toolInput(counter++), tool_response: toolResponse });
const testOutput = `${Array.from({ length: 38 }, (_, i) => `✓ test/case-${i}.test.ts (3 tests) ${i + 2}ms`).join('\n')}\n Test Files  38 passed (38)\n      Tests  114 passed (114)`;
const cases = [
  { name: 'convergence, ls -la', next: call('Bash', (n) => ({ command: `ls -la src/${n}` }), { stdout: 'total 8\n-rw-r--r-- 1 me me 120 index.ts', stderr: '' }) },
  { name: 'convergence, npm test (40 lines)', next: call('Bash', (n) => ({ command: `npm test # ${n}` }), { stdout: testOutput, stderr: '' }) },
  { name: 'convergence, Edit', next: call('Edit', (n) => ({ file_path: join(project, 'src/index.ts'), old_string: 'a', new_string: `b${n}` }), { filePath: join(project, 'src/index.ts') }) },
];

// Guard against timing a hook that fails: every case must exit 0 and record its call.
for (const c of cases) {
  const check = spawnSync('bash', [hook], { input: c.next(), cwd: project, encoding: 'utf8' });
  if (check.status !== 0 || check.stderr !== '') throw new Error(`${c.name}: exit ${check.status}\n${check.stdout}${check.stderr}`);
}

const rows = compare(
  [{ name: 'jq -n 1 (reference)', command: ['jq', '-n', '1'] }, ...cases.map((c) => ({ name: c.name, command: ['bash', hook], cwd: project, get input() { return c.next(); } }))],
  { runs },
);
printTable('convergence check vs one jq start (median of interleaved runs; no target)', rows);
