// A small benchmark harness: runs each command many times, interleaved so that
// machine noise hits all of them alike, and reports medians and ratios against
// the first (reference) command measured in the same run.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * @param {{ name: string, command: string[], input?: string, cwd?: string, env?: Record<string,string> }[]} commands
 *   the first is the reference
 * @param {{ runs?: number, warmup?: number }} options
 */
export function compare(commands, { runs = 40, warmup = 5 } = {}) {
  const times = commands.map(() => []);
  const order = commands.map((_, index) => index);
  for (let i = 0; i < warmup + runs; i++) {
    // A new order each round: what ran just before a command (a warm cache, a busy core)
    // must not favour one of them in every round.
    shuffle(order);
    order.forEach((index) => {
      const cmd = commands[index];
      const start = process.hrtime.bigint();
      const result = spawnSync(cmd.command[0], cmd.command.slice(1), {
        input: cmd.input ?? '',
        cwd: cmd.cwd,
        env: { ...process.env, ...cmd.env },
        encoding: 'utf8',
      });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (result.status !== 0) throw new Error(`${cmd.name} exited ${result.status}: ${result.stderr}`);
      if (i >= warmup) times[index].push(ms);
    });
  }
  const stats = commands.map((cmd, index) => ({ name: cmd.name, ...summarize(times[index]) }));
  return stats.map((s) => ({ ...s, ratio: s.median / stats[0].median }));
}

// Fisher–Yates, in place; seeded from Math.random (the order need not repeat between runs).
function shuffle(items) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
}

function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], runs: sorted.length };
}

export function printTable(title, rows, target) {
  console.log(`\n${title}`);
  const width = Math.max(...rows.map((r) => r.name.length));
  console.log(`${'command'.padEnd(width)}  median ms    min ms    max ms   ratio`);
  for (const r of rows) {
    console.log(`${r.name.padEnd(width)}  ${r.median.toFixed(2).padStart(9)} ${r.min.toFixed(2).padStart(9)} ${r.max.toFixed(2).padStart(9)}  ${r.ratio.toFixed(2).padStart(5)}x`);
  }
  if (target !== undefined) {
    const worst = Math.max(...rows.slice(1).map((r) => r.ratio));
    console.log(`target: ≤ ${target}x the reference → ${worst <= target ? 'met' : 'NOT met'} (worst ${worst.toFixed(2)}x)`);
  }
}

export const readText = (path) => readFileSync(path, 'utf8');
