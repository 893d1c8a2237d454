/**
 * Recorded cases from a real-client session: every hook run the tap saw becomes a
 * `*.case.json` that `ralph-hooks test` replays without the client. Run the session with
 * `capture` (the files the hook reads), so each case starts from the files as they were
 * before that hook ran.
 */
import { buildCase, saveCase } from '../replay/recorder.js';
import type { HookCase } from '../replay/case-schema.js';
import type { RealClientRun, TappedHookRun } from './real-client.js';

export interface RecordedCasesOptions {
  /** Only runs whose registered command contains this (a script path). Default: every hook run. */
  hook?: string;
  /** Only these events (Stop, PreToolUse…). */
  events?: string[];
  /** Case names: `<prefix>/<n>-<event>`. Default "recorded". */
  prefix?: string;
}

/** The registered command as an argv, `$CLAUDE_PROJECT_DIR` expanded to the project (simple commands only). */
function argvOf(command: string, projectDir: string): string[] {
  const expanded = command.replace(/"?\$\{?CLAUDE_PROJECT_DIR\}?"?/g, projectDir);
  return expanded.split(/\s+/).filter(Boolean).map((word) => word.replace(/^"(.*)"$/, '$1').replace(/^'(.*)'$/, '$1'));
}

/** One case per tapped hook run of a session. */
export function recordedCases(run: RealClientRun, options: RecordedCasesOptions = {}): HookCase[] {
  const runs = run.hookInputs.filter(
    (h: TappedHookRun) => (options.hook === undefined || h.hook.includes(options.hook)) && (options.events === undefined || options.events.includes(h.event)),
  );
  return runs.map((h, index) =>
    buildCase(
      {
        argv: argvOf(h.hook, run.projectDir),
        stdin: h.stdin,
        stdout: h.stdout,
        stderr: h.stderr,
        exitCode: h.exitCode,
        cwd: run.projectDir,
        env: {},
      },
      {
        projectRoot: run.projectDir,
        outDir: '',
        name: `${options.prefix ?? 'recorded'}/${String(index + 1).padStart(2, '0')}-${h.event}`,
        files: h.filesBefore ?? {},
        deleted: h.deletedAfter,
        transcript: h.transcriptBefore,
      },
    ),
  );
}

/** Write the session's cases under `outDir`; returns their paths. */
export function saveRecordedCases(run: RealClientRun, outDir: string, options: RecordedCasesOptions = {}): string[] {
  return recordedCases(run, options).map((hookCase) => saveCase(hookCase, outDir));
}
