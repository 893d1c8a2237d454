/**
 * The `ralph-hooks test` engine: find case files, load and validate them, pick the ones this
 * run wants (--filter, --shard), run them in parallel, and write golden updates.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { CaseError, parseCase, type HookCase } from './case-schema.js';
import { compactDiff, lineDiff } from './diff.js';
import { runCase, type CaseOutcome, type LoadedCase } from './run-case.js';
import { DEFAULT_SCENARIO_DIR, readScenario, runScenarioCase, ScenarioError, SCENARIO_SUFFIX, type LoadedScenario } from './run-scenario.js';

export const CASE_SUFFIX = '.case.json';
export const DEFAULT_CASE_DIR = 'test/hook-cases';

export interface RunOptions {
  projectRoot: string;
  /** Files or folders; default test/hook-cases. */
  paths?: string[];
  /** Substring of the name or path, or /regex/. */
  filter?: string;
  /** 1-based shard index and count. */
  shard?: { index: number; count: number };
  jobs?: number;
  update?: boolean;
  /** Called as each case finishes (for streaming reporters). */
  onResult?: (outcome: CaseOutcome) => void;
}

export interface UpdatedFile {
  relative: string;
  diff: string;
}

export interface RunSummary {
  outcomes: CaseOutcome[];
  updated: UpdatedFile[];
  durationMs: number;
}

export interface FoundCase {
  file: string;
  /** The folder it was found under: default names are relative to it. */
  base: string;
}

/** Case files under the given paths, sorted by path so shards are stable. */
export function findCaseFiles(paths: string[], projectRoot: string): FoundCase[] {
  const found = new Map<string, FoundCase>();
  const walk = (path: string, base: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === '.git') continue;
      const child = join(path, entry.name);
      if (entry.isDirectory()) walk(child, base);
      else if ((entry.name.endsWith(CASE_SUFFIX) || entry.name.endsWith(SCENARIO_SUFFIX)) && !found.has(child)) found.set(child, { file: child, base });
    }
  };
  for (const path of paths) {
    const absolute = resolve(projectRoot, path);
    if (!existsSync(absolute)) throw new Error(`no such file or folder: ${path}`);
    if (statSync(absolute).isFile()) found.set(absolute, { file: absolute, base: dirname(absolute) });
    else walk(absolute, absolute);
  }
  return [...found.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** The case's own name, else its path below the searched folder without .case.json. */
export function caseName(hookCase: { name?: string } | undefined, found: FoundCase): string {
  return hookCase?.name ?? relative(found.base, found.file).replace(/\.(case|scenario)\.json$/, '');
}

type Loaded = { ok: true; loaded: LoadedCase } | { ok: true; scenario: LoadedScenario } | { ok: false; outcome: CaseOutcome };

function load(found: FoundCase, projectRoot: string): Loaded {
  const { file } = found;
  const rel = relative(projectRoot, file);
  if (file.endsWith(SCENARIO_SUFFIX)) {
    try {
      const scenario = readScenario(file);
      return { ok: true, scenario: { file, relative: rel, name: caseName(scenario, found), scenario } };
    } catch (error) {
      const message = error instanceof ScenarioError ? `${rel}: ${error.problems.join('; ')}` : `${rel}: ${(error as Error).message}`;
      return { ok: false, outcome: { file, relative: rel, name: caseName(undefined, found), status: 'error', durationMs: 0, steps: [], error: message } };
    }
  }
  try {
    const hookCase = parseCase(readFileSync(file, 'utf8'), rel);
    if (hookCase.hook !== undefined && !existsSync(join(projectRoot, hookCase.hook))) {
      throw new CaseError(rel, [`hook: ${hookCase.hook} not found under ${projectRoot}`]);
    }
    return { ok: true, loaded: { file, relative: rel, name: caseName(hookCase, found), hookCase } };
  } catch (error) {
    const message = error instanceof CaseError ? error.message : `${rel}: ${(error as Error).message}`;
    return { ok: false, outcome: { file, relative: rel, name: caseName(undefined, found), status: 'error', durationMs: 0, steps: [], error: message } };
  }
}

export function matchesFilter(filter: string | undefined, name: string, rel: string): boolean {
  if (!filter) return true;
  const regex = /^\/(.*)\/([a-z]*)$/.exec(filter);
  if (regex) return new RegExp(regex[1]!, regex[2]).test(name) || new RegExp(regex[1]!, regex[2]).test(rel);
  return name.includes(filter) || rel.includes(filter);
}

/**
 * Two hooks per core: a hook spends part of its life in fork/exec and file I/O, so one per
 * core leaves the CPUs idle (measured: 500 bash-only cases 3.4 s with 2 jobs, 1.9 s with 4).
 */
export function defaultJobs(): number {
  return availableParallelism() * 2;
}

/** Run `worker` over `items` with at most `limit` in flight; results keep the input order. */
export async function promisePool<T, R>(items: T[], limit: number, worker: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await worker(items[index]!);
    }
  });
  await Promise.all(lanes);
  return results;
}

/** The default folders: test/hook-cases and, when it exists, test/hook-scenarios. */
function defaultPaths(projectRoot: string): string[] {
  const scenarios = existsSync(resolve(projectRoot, DEFAULT_SCENARIO_DIR));
  if (!scenarios) return [DEFAULT_CASE_DIR];
  return existsSync(resolve(projectRoot, DEFAULT_CASE_DIR)) ? [DEFAULT_CASE_DIR, DEFAULT_SCENARIO_DIR] : [DEFAULT_SCENARIO_DIR];
}

/** Find, select, run and (with update) rewrite cases. */
export async function runCases(options: RunOptions): Promise<RunSummary> {
  const started = performance.now();
  const files = findCaseFiles(options.paths?.length ? options.paths : defaultPaths(options.projectRoot), options.projectRoot);
  const selected = files
    .map((found) => load(found, options.projectRoot))
    .filter((entry) => {
      const { name, relative: rel } = 'loaded' in entry ? entry.loaded : 'scenario' in entry ? entry.scenario : entry.outcome;
      return matchesFilter(options.filter, name, rel);
    })
    .filter((_, index) => !options.shard || index % options.shard.count === options.shard.index - 1);

  const outcomes = await promisePool(selected, options.jobs ?? defaultJobs(), async (entry) => {
    const outcome =
      'loaded' in entry
        ? await runCase(entry.loaded, { projectRoot: options.projectRoot, update: options.update })
        : 'scenario' in entry
          ? await runScenarioCase(entry.scenario, { projectRoot: options.projectRoot })
          : entry.outcome;
    options.onResult?.(outcome);
    return outcome;
  });
  const updated = options.update ? writeUpdates(selected, outcomes) : [];
  return { outcomes, updated, durationMs: performance.now() - started };
}

/** Rewrite the expectations of every case that failed and has updates; returns what changed. */
function writeUpdates(selected: Loaded[], outcomes: CaseOutcome[]): UpdatedFile[] {
  const changes: UpdatedFile[] = [];
  selected.forEach((entry, index) => {
    const outcome = outcomes[index]!;
    if (!('loaded' in entry) || !outcome.steps.some((step) => step.updated)) return;
    const before = readFileSync(entry.loaded.file, 'utf8');
    const raw = JSON.parse(before) as Record<string, unknown>;
    if (Array.isArray(raw.steps)) {
      outcome.steps.forEach((step, i) => {
        if (step.updated) (raw.steps as Array<Record<string, unknown>>)[i]!.expect = step.updated;
      });
    } else {
      raw.expect = outcome.steps[0]!.updated;
    }
    const after = `${JSON.stringify(raw, null, 2)}\n`;
    if (after === before) return;
    writeFileSync(entry.loaded.file, after);
    changes.push({ relative: entry.loaded.relative, diff: compactDiff(lineDiff(before.trimEnd(), after.trimEnd())) });
  });
  return changes;
}
