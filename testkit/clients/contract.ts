/**
 * Hook contracts: what a client version actually sends to hooks, written down so a new release
 * that renames an event or a key (`file_path` → `path`) fails a test instead of silently
 * disarming a guard. A contract is the event names and the input's key paths (never values)
 * seen during real-client sessions, grouped by event and tool; a snapshot is one contract per
 * client and version, committed as JSON.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { compareVersions } from '../../src/util/versions.js';
import type { TappedHookRun } from './real-client.js';
import { isJsonObject } from '../../src/util/json-text.js';

/** Event group ("PreToolUse Bash", "Stop") → sorted key paths of the inputs seen under it. */
export type ContractEvents = Record<string, string[]>;

/** One client version's contract, as committed. */
export interface HookContractSnapshot {
  agent: string;
  version: string;
  events: ContractEvents;
}

/** The variable that makes the contract test write the snapshot instead of comparing. */
export const UPDATE_CONTRACTS_ENV = 'RALPH_HOOKS_UPDATE_CONTRACTS';

/** What re-records the snapshots (printed in every failure). */
export const RECORD_CONTRACTS_COMMAND = `${UPDATE_CONTRACTS_ENV}=1 npx vitest run test/real-client/contracts.test.ts`;

/** Keys that are names (not data used as keys, like a path or an id) are kept; the rest become `*`. */
const keyName = (key: string) => (/^[A-Za-z_$][\w$-]*$/.test(key) ? key : '*');

/**
 * Every key path of a JSON value: `tool_input.command`, `background_tasks[].id`. Values are
 * left out; array elements share one path (`[]`).
 */
export function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return [...new Set(value.flatMap((item) => keyPaths(item, `${prefix}[]`)))];
  if (!isJsonObject(value)) return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const path = prefix ? `${prefix}.${keyName(key)}` : keyName(key);
    return [path, ...keyPaths(item, path)];
  });
}

/**
 * The group a hook input belongs to: the event as the client named it (`hook_event_name`, else
 * the tap's event), then the tool for tool events, whose inputs differ per tool.
 */
export function contractGroup(run: TappedHookRun): string {
  const event = typeof run.input.hook_event_name === 'string' ? run.input.hook_event_name : run.event;
  const tool = typeof run.input.tool_name === 'string' ? run.input.tool_name : typeof run.input.toolName === 'string' ? run.input.toolName : null;
  return tool ? `${event} ${tool}` : event;
}

/** The contract seen in these hook runs (every run of every session, merged). */
export function observedContract(runs: readonly TappedHookRun[]): ContractEvents {
  const groups = new Map<string, Set<string>>();
  for (const run of runs) {
    const group = contractGroup(run);
    const paths = groups.get(group) ?? new Set<string>();
    for (const path of keyPaths(run.input)) paths.add(path);
    groups.set(group, paths);
  }
  return Object.fromEntries([...groups].sort(([a], [b]) => a.localeCompare(b)).map(([group, paths]) => [group, [...paths].sort()]));
}

/** Where a client version's snapshot lives: `<dir>/<agent>/<version>.json`. */
export function contractFile(dir: string, agent: string, version: string): string {
  return join(dir, agent, `${version}.json`);
}

export function readContract(dir: string, agent: string, version: string): HookContractSnapshot | null {
  const file = contractFile(dir, agent, version);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as HookContractSnapshot) : null;
}

export function writeContract(dir: string, snapshot: HookContractSnapshot): string {
  const file = contractFile(dir, snapshot.agent, snapshot.version);
  mkdirSync(join(dir, snapshot.agent), { recursive: true });
  writeFileSync(file, `${JSON.stringify(snapshot, null, 2)}\n`);
  return file;
}

/** The newest snapshot of an agent older than `version` (what a new release is compared with), or null. */
export function previousContract(dir: string, agent: string, version: string): HookContractSnapshot | null {
  if (!existsSync(join(dir, agent))) return null;
  const older = readdirSync(join(dir, agent))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .filter((v) => compareVersions(v, version) < 0)
    .sort(compareVersions);
  const newest = older.at(-1);
  return newest ? readContract(dir, agent, newest) : null;
}

const parentOf = (path: string) => path.replace(/(\.[^.]*|\[\])$/, '');

/**
 * The differences, one line each, readable in a test failure or a job summary: new and missing
 * events, and per event new and missing keys (a key gone beside a new one under the same parent
 * is shown as a likely rename). Empty when they agree.
 */
export function diffContracts(expected: ContractEvents, actual: ContractEvents): string[] {
  const lines: string[] = [];
  const groups = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  for (const group of groups) {
    const before = expected[group];
    const after = actual[group];
    if (!before) {
      lines.push(`+ ${group}: new event (${after!.length} keys: ${after!.join(', ')})`);
      continue;
    }
    if (!after) {
      lines.push(`- ${group}: event no longer sent (had ${before.join(', ')})`);
      continue;
    }
    const added = after.filter((path) => !before.includes(path));
    const removed = before.filter((path) => !after.includes(path));
    if (!added.length && !removed.length) continue;
    lines.push(`  ${group}:`);
    for (const path of removed) {
      const twins = added.filter((other) => parentOf(other) === parentOf(path));
      lines.push(`    - ${path}: key no longer sent${twins.length === 1 ? ` (renamed to ${twins[0]}?)` : ''}`);
    }
    for (const path of added) lines.push(`    + ${path}: new key`);
  }
  return lines;
}

/** What checking a run's contract against the committed snapshot found. */
export interface ContractCheck {
  ok: boolean;
  /** The snapshot file of the installed version. */
  file: string;
  /** Human text: the diff and how to re-record; empty when ok. */
  message: string;
  /** The diff lines (against the version's snapshot, else the newest older one). */
  diff: string[];
  /** True when the snapshot was (re)written because the update variable was set. */
  recorded: boolean;
  /** False when the installed version has no snapshot yet. */
  hasSnapshot: boolean;
}

/**
 * Compare what a client version sent with its committed snapshot. With `update` (the update
 * variable set) the snapshot is written instead. No snapshot for the version fails, saying how
 * to record one, with the diff against the newest older snapshot so a new release's changes show.
 */
export function checkContract(dir: string, agent: string, version: string, observed: ContractEvents, update = Boolean(process.env[UPDATE_CONTRACTS_ENV])): ContractCheck {
  const file = contractFile(dir, agent, version);
  const shown = relative(process.cwd(), file);
  if (update) {
    writeContract(dir, { agent, version, events: observed });
    return { ok: true, file, message: '', diff: [], recorded: true, hasSnapshot: true };
  }
  const snapshot = readContract(dir, agent, version);
  const rerecord = `After checking that the hooks still do their work with it, record it: ${RECORD_CONTRACTS_COMMAND} -t ${agent}`;
  if (!snapshot) {
    const previous = previousContract(dir, agent, version);
    const diff = previous ? diffContracts(previous.events, observed) : [];
    const against = previous
      ? diff.length
        ? `Compared with ${agent} ${previous.version}:\n${diff.join('\n')}`
        : `It sends what ${agent} ${previous.version} sent.`
      : `No older snapshot of ${agent} either.`;
    return { ok: false, file, diff, recorded: false, hasSnapshot: false, message: `No contract snapshot for ${agent} ${version} (${shown}). ${against}\n${rerecord}` };
  }
  const diff = diffContracts(snapshot.events, observed);
  if (!diff.length) return { ok: true, file, message: '', diff, recorded: false, hasSnapshot: true };
  return { ok: false, file, diff, recorded: false, hasSnapshot: true, message: `${agent} ${version} sent hooks something else than its snapshot ${shown}:\n${diff.join('\n')}\n${rerecord}` };
}
