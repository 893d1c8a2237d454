#!/usr/bin/env node
// Times the generated guard (all default rules, doom-loop included) on typical calls
// against one `jq -n 1` start, in the same run. The target: ≤ 2× the reference for short
// calls; padded commands (comments, quoted strings, here-documents, cd chains) of 10 KB,
// 100 KB and 1 MiB each decided in ≤ 1 s, growing at most 12× from 10 KB to 100 KB.
// Usage: npm run build && node bench/guard.mjs [runs]
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { generate } from '../dist/src/index.js';
import { compare, printTable } from './lib/measure.mjs';

const runs = Number(process.argv[2] ?? 60);

function project(target) {
  const root = mkdtempSync(join(tmpdir(), `ralph-hooks-bench-guard-${target}-`));
  writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ target, hooks: [{ kind: 'guard', preset: 'guard' }] }));
  mkdirSync(join(root, 'src'), { recursive: true });
  return root;
}
const claudeRoot = project('claude-project');
const forgeRoot = project('forgeflare');
await generate(claudeRoot);
await generate(forgeRoot);
const claudeGuard = join(claudeRoot, '.claude/hooks/guard.sh');
const forgeGuard = join(forgeRoot, '.forgeflare/hooks/guard.sh');

// Claude Code's usual commit: a heredoc inside $( ) inside double quotes, with a message
// that mentions dangerous commands — the lexer's most expensive common shape.
const commit = [
  'git add -A && git commit -m "$(cat <<\'EOF\'',
  'feat(guard): block rm -rf / and git push --force',
  '',
  'Normalises wrappers (sudo, env, timeout) and looks into bash -c.',
  'Co-Authored-By: Claude <noreply@anthropic.com>',
  'EOF',
  ')"',
].join('\n');
let counter = 0;
// Every run is a different call: the doom-loop rule would rightly stop 60 identical ones.
const claudeBash = (command) => () => JSON.stringify({ session_id: 'bench', transcript_path: '/dev/null', cwd: claudeRoot, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: `${command} # ${counter++}` }, tool_use_id: 't' });
const claudeEdit = () => JSON.stringify({ session_id: 'bench', cwd: claudeRoot, hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_input: { file_path: join(claudeRoot, 'src/index.ts'), old_string: 'a', new_string: `b${counter++}` }, tool_use_id: 't' });
const forgeBash = (command) => () => JSON.stringify({ event: 'PreToolUse', phase: 'guard', tool: 'Bash', input: { command: `${command} # ${counter++}` }, tool_iterations: 3, cwd: forgeRoot });

const cases = [
  { name: 'guard, claude-code, npm test | tail', command: ['bash', claudeGuard], next: claudeBash('npm test 2>&1 | tail -20'), cwd: claudeRoot, expect: '' },
  { name: 'guard, claude-code, heredoc commit', command: ['bash', claudeGuard], next: claudeBash(commit), cwd: claudeRoot, expect: '' },
  { name: 'guard, claude-code, Edit', command: ['bash', claudeGuard], next: claudeEdit, cwd: claudeRoot, expect: '' },
  { name: 'guard, claude-code, deny sudo rm -rf /', command: ['bash', claudeGuard], next: claudeBash('sudo rm -rf /'), cwd: claudeRoot, expect: '"deny"' },
  { name: 'guard, forgeflare, cargo test', command: ['bash', forgeGuard], next: forgeBash('cargo test --release'), cwd: forgeRoot, expect: '"allow"' },
];

// Guard against timing a guard that bails out early or decides wrongly.
for (const c of cases) {
  const check = spawnSync('bash', c.command.slice(1), { input: c.next(), cwd: c.cwd, encoding: 'utf8' });
  const ok = c.expect === '' ? check.stdout === '' : check.stdout.includes(c.expect);
  if (!ok || check.status !== 0) throw new Error(`${c.name}: unexpected answer:\n${check.stdout}${check.stderr}`);
}

// compare() reads `input` once per run: a getter hands each run a fresh call.
const rows = compare(
  [{ name: 'jq -n 1 (reference)', command: ['jq', '-n', '1'] }, ...cases.map((c) => ({ name: c.name, command: c.command, cwd: c.cwd, get input() { return c.next(); } }))],
  { runs },
);
printTable('guard vs one jq start (median of interleaved runs)', rows, 2);

// Padding: a long comment, single- or double-quoted string, here-document or chain of
// `cd d &&` before `rm -rf ~`, at 10 KB, 100 KB and 1 MiB. Each must be decided (a deny:
// the rm, or the chain's length) in ≤ 1 s, and grow at most 12× from 10 KB to 100 KB: linear
// time, not the square it once was (100 KB of comment took 9 s). Issue 39's acceptance.
const filler = (bytes) => {
  let text = '';
  for (let i = 0; text.length < bytes; i++) text += `some text ${i}, and more; `;
  return text.slice(0, bytes);
};
const padded = {
  comment: (n) => `# ${filler(n)}\nrm -rf ~`,
  "'single-quoted'": (n) => `echo '${filler(n)}'; rm -rf ~`,
  '"double-quoted"': (n) => `echo "${filler(n)}"; rm -rf ~`,
  'here-document': (n) => `cat > notes.md <<'EOF'\n${filler(n).replaceAll('; ', '\n')}\nEOF\nrm -rf ~`,
  'cd d && chain': (n) => `${chainBytesOf(n)} && rm -rf ~`,
};
function chainBytesOf(bytes) {
  return Array.from({ length: Math.ceil(bytes / 'cd d && '.length) }, () => 'cd d').join(' && ');
}
const SIZES = [['10 KB', 10_240], ['100 KB', 102_400], ['1 MiB', 1_048_576 - 4096]];
const padRows = [];
for (const [shape, make] of Object.entries(padded)) {
  const bySize = {};
  for (const [label, bytes] of SIZES) {
    const next = forgeBash(make(bytes));
    const check = spawnSync('bash', [forgeGuard], { input: next(), cwd: forgeRoot, encoding: 'utf8' });
    const answer = /"reason":"([a-z-]+):/.exec(check.stdout)?.[1] ?? check.stdout.slice(0, 60);
    if (!check.stdout.includes('"block"')) throw new Error(`${shape} ${label}: not denied:\n${check.stdout}${check.stderr}`);
    const [, row] = compare([{ name: 'jq -n 1 (reference)', command: ['jq', '-n', '1'] }, { name: `${shape} ${label}`, command: ['bash', forgeGuard], cwd: forgeRoot, get input() { return next(); } }], { runs: 3, warmup: 0 });
    bySize[label] = row.median;
    padRows.push({ shape, label, ms: row.median, ratio: row.ratio, answer });
  }
  padRows.at(-1).growth = bySize['100 KB'] / bySize['10 KB'];
}
console.log('\npadding before rm -rf ~ (forgeflare guard, median of 3 runs; targets: ≤ 1000 ms each, 10 KB → 100 KB ≤ 12×)');
console.log(`${'shape'.padEnd(18)} ${'size'.padEnd(7)} ${'ms'.padStart(8)} ${'× jq'.padStart(7)}  answer`);
for (const r of padRows) console.log(`${r.shape.padEnd(18)} ${r.label.padEnd(7)} ${r.ms.toFixed(0).padStart(8)} ${r.ratio.toFixed(1).padStart(7)}  ${r.answer}`);
for (const shape of Object.keys(padded)) {
  const rows = padRows.filter((r) => r.shape === shape);
  const growth = rows.find((r) => r.label === '100 KB').ms / rows.find((r) => r.label === '10 KB').ms;
  const worst = Math.max(...rows.map((r) => r.ms));
  const worstRatio = Math.max(...rows.map((r) => r.ratio));
  // On a busy machine every process is slower, jq too: the ratio says what an idle one would
  // take (one jq -n 1 start is some 25–30 ms there, so 1 s is about 33×).
  console.log(`${shape}: slowest ${worst.toFixed(0)} ms ${worst <= 1000 ? '(met)' : '(NOT met)'} = ${worstRatio.toFixed(1)}× jq, 10 KB → 100 KB ${growth.toFixed(1)}× ${growth <= 12 ? '(met)' : '(NOT met)'}`);
}

// Long commands: a here-document (Claude Code's usual way to write a file) and a list of
// words, at 50 KB (target ≤ 2× one jq start) and 1 MB (target: well inside the timeout).
const heredocOf = (bytes) => {
  const lines = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line = `line ${i}: some text, and a mention of rm -rf / that is only data`;
    lines.push(line);
    size += line.length + 1;
  }
  return `cat > notes.md <<'EOF'\n${lines.join('\n')}\nEOF`;
};
const wordsOf = (bytes) => {
  let text = 'echo';
  for (let i = 0; text.length < bytes; i++) text += ` word${i}`;
  return text;
};
const forgeLong = (command) => () => JSON.stringify({ event: 'PreToolUse', phase: 'guard', tool: 'Bash', input: { command: `${command} # ${counter++}` }, tool_iterations: 3, cwd: forgeRoot });
const long = [
  { name: 'guard, forgeflare, 50 KB here-document', next: forgeLong(heredocOf(50_000)) },
  { name: 'guard, forgeflare, 50 KB list of words', next: forgeLong(wordsOf(50_000)) },
];
for (const c of long) {
  const check = spawnSync('bash', [forgeGuard], { input: c.next(), cwd: forgeRoot, encoding: 'utf8' });
  if (!check.stdout.includes('"allow"')) throw new Error(`${c.name}: unexpected answer:\n${check.stdout}${check.stderr}`);
}
const longRows = compare(
  [{ name: 'jq -n 1 (reference)', command: ['jq', '-n', '1'] }, ...long.map((c) => ({ name: c.name, command: ['bash', forgeGuard], cwd: forgeRoot, get input() { return c.next(); } }))],
  { runs: Math.max(10, Math.floor(runs / 3)), warmup: 2 },
);
printTable('50 KB commands vs one jq start', longRows, 2);

// A Write of 1 MB of JSON: no command, but some 120,000 quotes in the raw input, which the
// guard reads while jq starts (it looks there for a command to check early).
const jsonOf = (bytes) => {
  const lines = [];
  for (let i = 0, size = 0; size < bytes; i++) {
    const line = `{"key${i}": "value ${i}"}`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n');
};
const forgeWrite = (content) => () => JSON.stringify({ event: 'PreToolUse', phase: 'guard', tool: 'Write', input: { file_path: join(forgeRoot, `src/data${counter++}.json`), content }, tool_iterations: 3, cwd: forgeRoot });
const megabyte = [
  { name: 'guard, forgeflare, 1 MB here-document', next: forgeLong(heredocOf(1_000_000)) },
  { name: 'guard, forgeflare, 1 MB list of words', next: forgeLong(wordsOf(1_000_000)) },
  { name: 'guard, forgeflare, Write of 1 MB of JSON', next: forgeWrite(jsonOf(900_000)) },
];
const mbRows = compare(
  [{ name: 'jq -n 1 (reference)', command: ['jq', '-n', '1'] }, ...megabyte.map((c) => ({ name: c.name, command: ['bash', forgeGuard], cwd: forgeRoot, get input() { return c.next(); } }))],
  { runs: 3, warmup: 0 },
);
printTable('1 MB commands vs one jq start (3 runs)', mbRows);
for (const r of mbRows.slice(1)) console.log(`${r.name}: ${(r.median / 1000).toFixed(2)} s`);

// A script of many short commands, for information (no target): the rules run once per
// simple command, so this is the guard's cost per command rather than per byte.
const scriptOf = (bytes) => {
  let text = '';
  for (let i = 0; text.length < bytes; i++) text += `echo "step ${i}: $HOME" && ls -la src/f${i}.ts; grep -n x "a b" | head -3\n`;
  return text;
};
const script = { name: 'guard, forgeflare, 10 KB script of short commands', next: forgeLong(scriptOf(10_000)) };
const scriptRows = compare(
  [{ name: 'jq -n 1 (reference)', command: ['jq', '-n', '1'] }, { name: script.name, command: ['bash', forgeGuard], cwd: forgeRoot, get input() { return script.next(); } }],
  { runs: 5, warmup: 1 },
);
printTable('a script of many short commands vs one jq start (5 runs, no target)', scriptRows);
const commands = scriptOf(10_000).split('\n').length * 4;
console.log(`${script.name}: ${(scriptRows[1].median / 1000).toFixed(2)} s, ${(scriptRows[1].median / commands).toFixed(2)} ms per simple command`);

// The worst shapes found: a long `&&` chain of short commands (each one simple
// command the rules look at, and cd moves the current folder) and many paths after sed -i,
// tee or chmod -R (each path resolved and checked). Both at the largest command the guard
// accepts (its token budget counts the rules' work: about 5,000 `cd d &&`, about 19,900
// paths), target ≤ 2 s; and at 50 KB, target ≤ 2× one jq start.
const chainOfEach = (command, n, separator = '&&') => Array.from({ length: n }, () => command).join(` ${separator} `);
const chainOf = (n) => chainOfEach('cd d', n);
const chainBytes = (bytes) => chainOf(Math.ceil(bytes / 'cd d && '.length));
const pathsAfter = (head, n) => `${head} ${Array.from({ length: n }, (_, i) => `f${i}`).join(' ')}`;
const pathsBytes = (head, bytes) => {
  let text = head;
  for (let i = 0; text.length < bytes; i++) text += ` f${i}`;
  return text;
};
const worst = [
  { name: 'guard, forgeflare, 4,950 × cd d &&', next: forgeLong(chainOf(4950)) },
  // A folder named ./d goes the slow way through normalize_path, the closest to the target.
  { name: 'guard, forgeflare, 4,990 × cd ./d &&', next: forgeLong(chainOfEach('cd ./d', 4990)) },
  // Commands that read or write files cost the rules more, and count more tokens.
  { name: 'guard, forgeflare, 2,850 × cat a &&', next: forgeLong(chainOfEach('cat a', 2850)) },
  { name: 'guard, forgeflare, 1,240 × cp a b &&', next: forgeLong(chainOfEach('cp a b', 1240)) },
  { name: 'guard, forgeflare, sed -i and 19,800 paths', next: forgeLong(pathsAfter('sed -i s/a/b/', 19_800)) },
  { name: 'guard, forgeflare, tee and 19,800 paths', next: forgeLong(pathsAfter('echo x | tee', 19_800)) },
  { name: 'guard, forgeflare, chmod -R and 19,800 paths', next: forgeLong(pathsAfter('chmod -R 755', 19_800)) },
];
const decision = (stdout) => (stdout.includes('"allow"') ? 'allow' : /too-large: the command took more than/.test(stdout) ? 'deny (past its deadline)' : /too-large: the guard could not finish checking/.test(stdout) ? 'deny (the watchdog)' : `unexpected: ${stdout.slice(0, 120)}`);
for (const c of worst) {
  const check = spawnSync('bash', [forgeGuard], { input: c.next(), cwd: forgeRoot, encoding: 'utf8' });
  console.log(`${c.name}: ${decision(check.stdout)}`);
  if (decision(check.stdout).startsWith('unexpected')) throw new Error(`${c.name}: ${check.stdout}${check.stderr}`);
}
const worstRows = compare(
  [{ name: 'jq -n 1 (reference)', command: ['jq', '-n', '1'] }, ...worst.map((c) => ({ name: c.name, command: ['bash', forgeGuard], cwd: forgeRoot, get input() { return c.next(); } }))],
  { runs: 3, warmup: 0 },
);
printTable('the worst shapes at the largest command the guard accepts (3 runs; target ≤ 2 s)', worstRows);
for (const r of worstRows.slice(1)) console.log(`${r.name}: ${(r.median / 1000).toFixed(2)} s ${r.median <= 2000 ? '(met)' : '(NOT met)'}`);

// Every accepted cd chain, decided in ≤ 1 s: the longest chain of `cd d` the token budget
// accepts after each separator (`;` costs the most: the next cd may run in the folder the
// last one failed to leave, so the folders to follow multiply up to DIR_MAX).
const cdChains = [['&&', 4950], ['||', 3300], [';', 1750]].map(([separator, n]) => ({
  name: `guard, forgeflare, ${n.toLocaleString('en')} × cd d ${separator}`,
  next: forgeLong(chainOfEach('cd d', n, separator)),
}));
for (const c of cdChains) {
  const check = spawnSync('bash', [forgeGuard], { input: c.next(), cwd: forgeRoot, encoding: 'utf8' });
  if (decision(check.stdout) !== 'allow') throw new Error(`${c.name}: not accepted (${decision(check.stdout)})`);
}
const cdRows = compare(
  [{ name: 'jq -n 1 (reference)', command: ['jq', '-n', '1'] }, ...cdChains.map((c) => ({ name: c.name, command: ['bash', forgeGuard], cwd: forgeRoot, get input() { return c.next(); } }))],
  { runs: 3, warmup: 0 },
);
printTable('every accepted cd chain, at its longest (3 runs; target ≤ 1 s)', cdRows);
for (const r of cdRows.slice(1)) console.log(`${r.name}: ${(r.median / 1000).toFixed(2)} s ${r.median <= 1000 ? '(met)' : '(NOT met)'}`);

const worst50 = [
  { name: 'guard, forgeflare, 50 KB of cd d &&', next: forgeLong(chainBytes(50_000)) },
  { name: 'guard, forgeflare, 50 KB: sed -i and paths', next: forgeLong(pathsBytes('sed -i s/a/b/', 50_000)) },
  { name: 'guard, forgeflare, 50 KB: tee and paths', next: forgeLong(pathsBytes('echo x | tee', 50_000)) },
  { name: 'guard, forgeflare, 50 KB: chmod -R and paths', next: forgeLong(pathsBytes('chmod -R 755', 50_000)) },
];
for (const c of worst50) {
  const check = spawnSync('bash', [forgeGuard], { input: c.next(), cwd: forgeRoot, encoding: 'utf8' });
  console.log(`${c.name}: ${check.stdout.includes('"allow"') ? 'allow' : check.stdout.slice(0, 110)}`);
}
const worst50Rows = compare(
  [{ name: 'jq -n 1 (reference)', command: ['jq', '-n', '1'] }, ...worst50.map((c) => ({ name: c.name, command: ['bash', forgeGuard], cwd: forgeRoot, get input() { return c.next(); } }))],
  { runs: Math.max(5, Math.floor(runs / 6)), warmup: 1 },
);
printTable('the worst shapes at 50 KB vs one jq start', worst50Rows, 2);
