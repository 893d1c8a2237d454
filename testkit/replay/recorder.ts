/**
 * The recording half of `ralph-hooks record`: turn one real hook invocation (its input,
 * environment, project files and result) into a redacted case file that `ralph-hooks test`
 * can replay in a temporary workspace.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import { parseHookJson } from '../run-hook.js';
import type { HookCase } from './case-schema.js';
import { redactText, redactValue, type RedactOptions } from './redact.js';

export interface Invocation {
  argv: string[];
  stdin: string;
  stdout: string;
  stderr: string;
  exitCode: number;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

export interface RecordOptions {
  projectRoot: string;
  outDir: string;
  name?: string;
  /** Project files (or folders) to copy into the case's workspace, relative to the project root. */
  capture?: string[];
  /**
   * The captured files as they were BEFORE the hook ran (`snapshotFiles`), relative path → text.
   * A hook that updates its state (a loop's iteration) must be replayed from the state it
   * read, not the one it wrote. Without it, `capture` is read now (after the hook).
   */
  files?: Record<string, string>;
  /** Captured files the hook deleted (expected absent after the replay). Default: those of `files` gone from disk now. */
  deleted?: string[];
  /** The transcript's text as it was when the hook ran (else it is read from transcript_path now). */
  transcript?: string;
  /** How many trailing transcript lines to keep. */
  transcriptLines?: number;
  now?: Date;
}

const INTERPRETERS = new Set(['bash', 'sh', 'node', 'python3', 'python']);
const MAX_CAPTURE_BYTES = 1_000_000;

/** `hook` + `interpreter` when the command runs a script inside the project, else `command`. */
function hookFields(argv: string[], cwd: string, projectRoot: string, redact: RedactOptions): Pick<HookCase, 'hook' | 'interpreter' | 'command'> {
  const [first, second] = argv;
  const interpreter = first && INTERPRETERS.has(basename(first)) && argv.length === 2 ? basename(first) : undefined;
  const script = interpreter ? second : argv.length === 1 ? first : undefined;
  if (script) {
    const absolute = resolve(cwd, script);
    const rel = relative(projectRoot, absolute);
    if (existsSync(absolute) && !rel.startsWith('..') && !isAbsolute(rel)) {
      return interpreter && interpreter !== 'bash' ? { hook: rel, interpreter } : { hook: rel };
    }
  }
  const quoted = argv.map((arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`)).join(' ');
  return { command: redactText(quoted, { ...redact, projectRoot: undefined }).split(projectRoot).join('${PROJECT_ROOT}') };
}

/** Read project files (or folders) now, relative path → text: call it before the hook runs. */
export function snapshotFiles(paths: string[], projectRoot: string): Record<string, string> {
  const files: Record<string, string> = {};
  let budget = MAX_CAPTURE_BYTES;
  const add = (absolute: string): void => {
    const stat = statSync(absolute);
    if (stat.isDirectory()) return readdirSync(absolute).forEach((entry) => add(join(absolute, entry)));
    if (stat.size > budget) return;
    budget -= stat.size;
    files[relative(projectRoot, absolute)] = readFileSync(absolute, 'utf8');
  };
  for (const path of paths) {
    const absolute = resolve(projectRoot, path);
    if (existsSync(absolute)) add(absolute);
  }
  return files;
}

// To the millisecond: two stops a second apart are common, and the names must sort in the
// order of the runs (a same-second `-2` suffix sorted before its first).
const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '');

/** Build the case for an invocation. */
export function buildCase(invocation: Invocation, options: RecordOptions): HookCase {
  const redact: RedactOptions = { projectRoot: options.projectRoot, home: invocation.env.HOME ?? homedir() };
  const before = options.files ?? snapshotFiles(options.capture ?? [], options.projectRoot);
  const files: Record<string, string> = Object.fromEntries(Object.entries(before).map(([path, text]) => [path, redactText(text, redact)]));
  const deleted = options.deleted ?? (options.files ? Object.keys(options.files).filter((path) => !existsSync(resolve(options.projectRoot, path))) : []);
  let stdin: HookCase['stdin'] = redactText(invocation.stdin, redact);
  const parsedInput = parseHookJson(invocation.stdin).json;
  let event = 'hook';
  if (parsedInput) {
    const input = { ...parsedInput };
    event = typeof input.hook_event_name === 'string' ? input.hook_event_name : typeof input.event === 'string' ? input.event : event;
    // The transcript usually lives under ~/.claude: keep its tail inside the workspace.
    const transcript =
      options.transcript ?? (typeof input.transcript_path === 'string' && existsSync(input.transcript_path) ? readFileSync(input.transcript_path, 'utf8') : undefined);
    if (typeof input.transcript_path === 'string' && transcript !== undefined) {
      const lines = transcript.split('\n').filter(Boolean).slice(-(options.transcriptLines ?? 200));
      files['transcript.jsonl'] = redactText(`${lines.join('\n')}\n`, redact);
      input.transcript_path = '${WORKSPACE}/transcript.jsonl';
    }
    stdin = redactValue(input, redact);
  }
  const env = Object.fromEntries(
    Object.entries(invocation.env)
      .filter(([key, value]) => value !== undefined && /^RALPH_/.test(key) && !key.startsWith('RALPH_HOOKS_RECORD'))
      .map(([key, value]) => [key, redactText(value!, redact)]),
  );
  const when = options.now ?? new Date();
  const output = parseHookJson(invocation.stdout).json;
  const silent = invocation.exitCode === 0 && !invocation.stdout.trim() && !invocation.stderr.trim();
  const expect: HookCase['expect'] = { exitCode: invocation.exitCode };
  if (silent) expect.silent = true;
  else if (output) expect.json = redactValue(output, redact);
  else expect.stdout = redactText(invocation.stdout.replace(/\n$/, ''), redact);
  if (deleted.length) expect.files = Object.fromEntries(deleted.map((path) => [path, { exists: false }]));

  return {
    name: options.name ?? `recorded/${event}-${stamp(when)}`,
    description: `Recorded ${when.toISOString()} from: ${redactText(invocation.argv.join(' '), redact)}`,
    ...hookFields(invocation.argv, invocation.cwd, options.projectRoot, redact),
    workspace: Object.keys(files).length ? { files } : undefined,
    env: Object.keys(env).length ? env : undefined,
    stdin,
    expect,
  };
}

/** Write the case under outDir and return its path. */
export function saveCase(hookCase: HookCase, outDir: string): string {
  mkdirSync(outDir, { recursive: true });
  const base = (hookCase.name ?? 'recorded').split('/').pop()!.replace(/[^\w.-]+/g, '-');
  const text = `${JSON.stringify(hookCase, null, 2)}\n`;
  // 'wx' claims the name: hooks recorded at once (PreToolUse runs them in parallel) never
  // overwrite each other; the loser takes the next number.
  for (let n = 1; ; n++) {
    const file = join(outDir, n === 1 ? `${base}.case.json` : `${base}-${n}.case.json`);
    try {
      writeFileSync(file, text, { flag: 'wx' });
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
