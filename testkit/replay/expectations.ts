/**
 * Checking a case step's expectations against what the hook did, and (for --update)
 * rewriting failed expectations from the actual output.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HookResult } from '../run-hook.js';
import { reasonOf, systemMessageOf } from '../assertions.js';
import type { Expectation, FileExpectation, TextCheck } from './case-schema.js';
import { isJsonObject } from '../../src/util/json-text.js';
import { lineDiff } from './diff.js';

export interface Failure {
  /** Which expectation: `exitCode`, `json`, `reason.contains`, `files.<path>.json`, `timeout` ... */
  field: string;
  expected: string;
  actual: string;
  /** A line diff when both sides are multi-line text or JSON. */
  diff?: string;
}

/** Is `expected` contained in `actual`? Objects: every key matches; arrays: same length, items match in order; else equal. */
export function isSubset(expected: unknown, actual: unknown): boolean {
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && expected.length === actual.length && expected.every((item, i) => isSubset(item, actual[i]));
  }
  if (expected && typeof expected === 'object') {
    if (!isJsonObject(actual)) return false;
    return Object.entries(expected).every(([key, value]) => isSubset(value, actual[key]));
  }
  return Object.is(expected, actual);
}

/** `actual` cut down to the keys `expected` mentions, so a diff shows only what matters. */
export function project(expected: unknown, actual: unknown): unknown {
  if (isJsonObject(expected) && isJsonObject(actual)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(expected)) {
      if (key in actual) out[key] = project(expected[key], actual[key]);
    }
    return out;
  }
  return actual;
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2) ?? 'undefined';

function checkText(field: string, check: TextCheck | undefined, actual: string | undefined, failures: Failure[]): void {
  if (!check) return;
  const contains = check.contains === undefined ? [] : Array.isArray(check.contains) ? check.contains : [check.contains];
  for (const part of contains) {
    if (actual === undefined || !actual.includes(part)) failures.push({ field: `${field}.contains`, expected: part, actual: actual ?? '(missing)' });
  }
  if (check.matches !== undefined && (actual === undefined || !new RegExp(check.matches).test(actual))) {
    failures.push({ field: `${field}.matches`, expected: `/${check.matches}/`, actual: actual ?? '(missing)' });
  }
}

function checkFile(path: string, expected: FileExpectation, dir: string, failures: Failure[]): void {
  const file = join(dir, path);
  const exists = existsSync(file);
  if (expected.exists !== undefined && exists !== expected.exists) {
    failures.push({ field: `files.${path}.exists`, expected: String(expected.exists), actual: String(exists) });
  }
  if (expected.json === undefined && expected.contains === undefined && expected.lastLine === undefined) return;
  if (!exists) {
    failures.push({ field: `files.${path}`, expected: 'the file to exist', actual: 'missing' });
    return;
  }
  const content = readFileSync(file, 'utf8');
  if (expected.contains !== undefined && !content.includes(expected.contains)) {
    failures.push({ field: `files.${path}.contains`, expected: expected.contains, actual: content });
  }
  if (expected.lastLine !== undefined) checkLastLine(path, expected.lastLine, content, failures);
  if (expected.json !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      failures.push({ field: `files.${path}.json`, expected: pretty(expected.json), actual: `not JSON: ${content}` });
      return;
    }
    if (!isSubset(expected.json, parsed)) {
      const shown = pretty(project(expected.json, parsed));
      failures.push({ field: `files.${path}.json`, expected: pretty(expected.json), actual: shown, diff: lineDiff(pretty(expected.json), shown) });
    }
  }
}

/** The last non-empty line of a JSON Lines text, parsed; undefined when there is none or it is not JSON. */
function lastJsonLine(content: string): { ok: true; value: unknown } | { ok: false; line: string } {
  const line = content.trimEnd().split('\n').at(-1) ?? '';
  try {
    return { ok: true, value: JSON.parse(line) };
  } catch {
    return { ok: false, line };
  }
}

function checkLastLine(path: string, expected: unknown, content: string, failures: Failure[]): void {
  const last = lastJsonLine(content);
  if (!last.ok) {
    failures.push({ field: `files.${path}.lastLine`, expected: pretty(expected), actual: last.line ? `not JSON: ${last.line}` : 'no line' });
    return;
  }
  if (!isSubset(expected, last.value)) {
    const shown = pretty(project(expected, last.value));
    failures.push({ field: `files.${path}.lastLine`, expected: pretty(expected), actual: shown, diff: lineDiff(pretty(expected), shown) });
  }
}

const isSilent = (result: HookResult) => result.exitCode === 0 && result.stdout.trim() === '' && result.stderr.trim() === '';
const trimNewline = (text: string) => text.replace(/\n$/, '');

/** Every way `result` (and the workspace at `dir`) misses `expect`. */
export function checkExpectation(expect: Expectation, result: HookResult, dir: string): Failure[] {
  if (result.timedOut) return [{ field: 'timeout', expected: 'the hook to finish', actual: `killed after its timeout (${Math.round(result.durationMs)} ms)` }];
  const failures: Failure[] = [];
  if (expect.exitCode !== undefined && result.exitCode !== expect.exitCode) {
    failures.push({ field: 'exitCode', expected: String(expect.exitCode), actual: String(result.exitCode) });
  }
  if (expect.silent === true && !isSilent(result)) {
    failures.push({ field: 'silent', expected: 'exit 0, empty stdout and stderr', actual: `exit ${result.exitCode}, stdout ${result.stdout.trim() ? 'not empty' : 'empty'}, stderr ${result.stderr.trim() ? 'not empty' : 'empty'}` });
  }
  if (expect.stdout !== undefined && trimNewline(result.stdout) !== expect.stdout) {
    failures.push({ field: 'stdout', expected: expect.stdout, actual: trimNewline(result.stdout), diff: lineDiff(expect.stdout, trimNewline(result.stdout)) });
  }
  if (expect.json !== undefined) {
    if (result.json === undefined) failures.push({ field: 'json', expected: pretty(expect.json), actual: `stdout is not a JSON object${result.jsonError ? ` (${result.jsonError})` : ''}` });
    else if (!isSubset(expect.json, result.json)) {
      const shown = pretty(project(expect.json, result.json));
      failures.push({ field: 'json', expected: pretty(expect.json), actual: shown, diff: lineDiff(pretty(expect.json), shown) });
    }
  }
  checkText('reason', expect.reason, reasonOf(result), failures);
  checkText('systemMessage', expect.systemMessage, systemMessageOf(result), failures);
  checkText('stderr', expect.stderr, result.stderr, failures);
  for (const [path, fileExpect] of Object.entries(expect.files ?? {})) checkFile(path, fileExpect, dir, failures);
  return failures;
}

function readJsonFile(file: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(readFileSync(file, 'utf8')) };
  } catch {
    return { ok: false };
  }
}

/** Keep the parts of a text check that still hold; undefined when nothing is left. */
function keepPassing(check: TextCheck | undefined, actual: string | undefined): TextCheck | undefined {
  if (!check) return undefined;
  const contains = (check.contains === undefined ? [] : [check.contains].flat()).filter((part) => actual?.includes(part));
  const matches = check.matches !== undefined && actual !== undefined && new RegExp(check.matches).test(actual) ? check.matches : undefined;
  const next: TextCheck = {};
  if (contains.length) next.contains = contains.length === 1 ? contains[0]! : contains;
  if (matches !== undefined) next.matches = matches;
  return Object.keys(next).length ? next : undefined;
}

/**
 * The expectation rewritten from the actual output (golden update): the exit code and the
 * whole output are pinned (json, or silent, or stdout), text checks that no longer hold are
 * dropped, and failed file checks take the file's current state. Key order is kept.
 */
export function updatedExpectation(expect: Expectation, result: HookResult, dir: string): Expectation {
  const next: Expectation = { ...expect, exitCode: result.exitCode ?? undefined };
  delete next.silent;
  delete next.stdout;
  delete next.json;
  if (isSilent(result)) next.silent = true;
  else if (result.json !== undefined) next.json = result.json;
  else next.stdout = trimNewline(result.stdout);
  for (const key of ['reason', 'systemMessage', 'stderr'] as const) {
    const actual = key === 'reason' ? reasonOf(result) : key === 'systemMessage' ? systemMessageOf(result) : result.stderr;
    const kept = keepPassing(expect[key], actual);
    if (kept) next[key] = kept;
    else delete next[key];
  }
  if (expect.files) {
    next.files = {};
    for (const [path, fileExpect] of Object.entries(expect.files)) next.files[path] = updatedFile(path, fileExpect, dir);
  }
  return next;
}

function updatedFile(path: string, expect: FileExpectation, dir: string): FileExpectation {
  const file = join(dir, path);
  if (!existsSync(file)) return { exists: false };
  const next: FileExpectation = { ...expect };
  if (next.exists === false) next.exists = true;
  if (next.contains !== undefined && !readFileSync(file, 'utf8').includes(next.contains)) delete next.contains;
  if (next.lastLine !== undefined) {
    const last = lastJsonLine(readFileSync(file, 'utf8'));
    if (!last.ok) delete next.lastLine;
    else if (!isSubset(next.lastLine, last.value)) next.lastLine = project(next.lastLine, last.value);
  }
  if (next.json !== undefined) {
    const parsed = readJsonFile(file);
    if (!parsed.ok) delete next.json;
    else if (!isSubset(next.json, parsed.value)) next.json = parsed.value;
  }
  return next;
}
