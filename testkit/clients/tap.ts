/**
 * The tap: for the length of a session, every command hook registered in the project's hook
 * files (Claude Code's shape) is wrapped by a small Node script that runs the original handler
 * with the same stdin and environment and records both sides: the input the hook received and
 * what it answered. The files are put back byte for byte afterwards.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TappedHookRun } from './real-client.js';
import { isJsonObject } from '../../src/util/json-text.js';

const shq = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/** The tap: runs the original handler with the same stdin and environment, records both sides. */
const TAP_SCRIPT = `import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants } from 'node:os';
const [configPath, id] = process.argv.slice(2);
const config = JSON.parse(readFileSync(configPath, 'utf8'));
const handler = config.handlers[id];
import { existsSync, readdirSync, statSync } from 'node:fs';
const started = process.hrtime.bigint();
const t0 = Date.now();
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const stdin = Buffer.concat(chunks);
let input = {};
try { const parsed = JSON.parse(stdin.toString('utf8')); if (parsed && typeof parsed === 'object') input = parsed; } catch {}
let filesBefore;
let transcriptBefore;
if (Array.isArray(config.capture) && config.capture.length) {
  filesBefore = {};
  let budget = 1000000;
  const add = (absolute, rel) => {
    try {
      const stat = statSync(absolute);
      if (stat.isDirectory()) { for (const entry of readdirSync(absolute)) add(join(absolute, entry), rel + '/' + entry); return; }
      if (stat.size > budget) return;
      budget -= stat.size;
      filesBefore[rel] = readFileSync(absolute, 'utf8');
    } catch {}
  };
  for (const rel of config.capture) add(join(config.projectDir, rel), rel.replace(/[/]+$/, ''));
  try { if (typeof input.transcript_path === 'string' && existsSync(input.transcript_path)) transcriptBefore = readFileSync(input.transcript_path, 'utf8'); } catch {}
}
const child = Array.isArray(handler.args)
  ? spawn(handler.command, handler.args, { stdio: ['pipe', 'pipe', 'pipe'] })
  : spawn(handler.shell === 'bash' ? 'bash' : 'sh', ['-c', handler.command], { stdio: ['pipe', 'pipe', 'pipe'] });
const out = [];
const err = [];
child.stdout.on('data', (c) => out.push(c));
child.stderr.on('data', (c) => err.push(c));
child.stdin.on('error', () => {});
child.stdin.end(stdin);
let spawnError = null;
child.on('error', (e) => { spawnError = e; });
child.on('close', (code, signal) => {
  const stdout = Buffer.concat(out);
  const stderrBuf = Buffer.concat(err);
  const stderr = spawnError ? Buffer.concat([stderrBuf, Buffer.from(String(spawnError.message) + '\\n')]) : stderrBuf;
  const exitCode = code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : spawnError ? 127 : 1);
  const record = {
    seq: started.toString(), hook: handler.original, event: typeof input.hook_event_name === 'string' ? input.hook_event_name : handler.event,
    matcher: handler.matcher, settingsFile: handler.settingsFile, input, stdin: stdin.toString('utf8'),
    stdout: stdout.toString('utf8'), stderr: stderr.toString('utf8'), exitCode, durationMs: Date.now() - t0,
  };
  if (filesBefore) {
    record.filesBefore = filesBefore;
    record.deletedAfter = Object.keys(filesBefore).filter((rel) => !existsSync(join(config.projectDir, rel)));
    if (transcriptBefore !== undefined) record.transcriptBefore = transcriptBefore;
  }
  writeFileSync(join(config.out, started.toString().padStart(24, '0') + '-' + process.pid + '.json'), JSON.stringify(record));
  process.stdout.write(stdout, () => {
    process.stderr.write(stderr, () => { process.exit(exitCode); });
  });
});
`;

interface TapHandler {
  original: string;
  command: string;
  args?: unknown[];
  shell?: string;
  event: string;
  matcher?: string;
  settingsFile: string;
}

/** The settings files of a project whose hooks the tap wraps. */
export const TAPPED_SETTINGS = ['.claude/settings.json', '.claude/settings.local.json'];

export interface InstalledTap {
  restore(): void;
  collect(): TappedHookRun[];
  /** [tap command, registered command] pairs, to put the registered commands back into what was recorded. */
  renames: [string, string][];
}

/**
 * The taps not restored yet, each put back if the process ends first: one 'exit' listener for
 * them all, however many sessions run at once (one each would pass Node's limit of ten).
 */
const restoreOnExit = new Set<() => void>();
process.on('exit', () => {
  for (const restore of [...restoreOnExit]) restore();
});

/** Wrap every command hook registered in the project's settings; `restore()` puts the bytes back. */
export function installTap(projectDir: string, workDir: string, capture: string[] = [], settingsFiles: readonly string[] = TAPPED_SETTINGS): InstalledTap {
  const out = join(workDir, 'tap');
  mkdirSync(out, { recursive: true });
  const script = join(workDir, 'tap.mjs');
  const configPath = join(workDir, 'tap.json');
  writeFileSync(script, TAP_SCRIPT);
  const handlers: Record<string, TapHandler> = {};
  const originals: { path: string; bytes: Buffer }[] = [];
  const renames: [string, string][] = [];
  let n = 0;
  for (const relative of settingsFiles) {
    const path = join(projectDir, relative);
    if (!existsSync(path)) continue;
    const bytes = readFileSync(path);
    let settings: unknown;
    try {
      settings = JSON.parse(bytes.toString('utf8'));
    } catch {
      continue; // the client reports a broken settings file itself
    }
    if (!isJsonObject(settings) || !isJsonObject(settings.hooks)) continue;
    let wrapped = false;
    for (const [event, groups] of Object.entries(settings.hooks)) {
      if (!Array.isArray(groups)) continue;
      for (const group of groups) {
        if (!isJsonObject(group) || !Array.isArray(group.hooks)) continue;
        for (const handler of group.hooks) {
          if (!isJsonObject(handler) || handler.type !== 'command' || typeof handler.command !== 'string') continue;
          const id = `h${++n}`;
          handlers[id] = {
            original: handler.command,
            command: handler.command,
            args: Array.isArray(handler.args) ? handler.args : undefined,
            shell: typeof handler.shell === 'string' ? handler.shell : undefined,
            event,
            matcher: typeof group.matcher === 'string' ? group.matcher : undefined,
            settingsFile: relative,
          };
          const wrapper = [process.execPath, script, configPath, id].map(shq).join(' ');
          handler.command = wrapper;
          renames.push([wrapper, handlers[id].original]);
          delete handler.args;
          delete handler.shell;
          wrapped = true;
        }
      }
    }
    if (!wrapped) continue;
    originals.push({ path, bytes });
    writeFileSync(path, `${JSON.stringify(settings, null, 2)}\n`);
  }
  writeFileSync(configPath, JSON.stringify({ out, handlers, capture, projectDir }));
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    for (const { path, bytes } of originals) writeFileSync(path, bytes);
    restoreOnExit.delete(restore);
  };
  restoreOnExit.add(restore);
  return {
    restore,
    renames,
    collect: () =>
      readdirSync(out)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => {
          const { seq: _seq, ...record } = JSON.parse(readFileSync(join(out, f), 'utf8')) as TappedHookRun & { seq: string };
          if (record.matcher === undefined || record.matcher === null) delete record.matcher;
          return record;
        }),
  };
}

