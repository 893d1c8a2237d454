/**
 * Shared by the loop preset's tests: generate the hook for a runtime, and read and write
 * its state file in either format (bash: the official plugin's frontmatter file; node: JSON).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generateProject, type GeneratedProject } from '../helpers/generate.js';
import { afterEach } from 'vitest';
import { createWorkspace, runHook, stopInput, type Workspace } from '../../testkit/index.js';

export type Runtime = 'bash' | 'node';
export const RUNTIMES: Runtime[] = ['bash', 'node'];

export interface LoopState {
  active?: boolean;
  iteration?: number | string;
  maxIterations?: number | string | null;
  promise?: string | null;
  session?: string;
  prompt?: string;
  guidance?: string;
}

export interface LoopHook {
  runtime: Runtime;
  project: GeneratedProject;
  hook: string;
  setup: string;
  stateFile: string;
}

export function generateLoop(runtime: Runtime, options: Record<string, unknown> = {}): LoopHook {
  const project = generateProject({ hooks: [{ kind: 'stop-watcher', preset: 'loop', options: { runtime, ...options } }] as any });
  const ext = runtime === 'node' ? 'mjs' : 'sh';
  return {
    runtime,
    project,
    hook: project.file(`.claude/hooks/stop-watcher.${ext}`),
    setup: project.file(`.claude/hooks/stop-watcher-setup.${ext}`),
    stateFile: runtime === 'node' ? '.claude/ralph-loop.local.json' : '.claude/ralph-loop.local.md',
  };
}

/** Write the state file the way the runtime's setup script does (bash: the official format). */
export function writeLoopState(ws: Workspace, loop: LoopHook, state: LoopState = {}): string {
  const s = { active: true, iteration: 1, maxIterations: 5, promise: 'DONE', session: '', prompt: 'Build the thing', ...state };
  const file = ws.path(loop.stateFile);
  mkdirSync(dirname(file), { recursive: true });
  if (loop.runtime === 'node') {
    const json: Record<string, unknown> = { active: s.active, iteration: s.iteration, maxIterations: s.maxIterations, completionPromise: s.promise, prompt: s.prompt, sessionId: s.session || null };
    if (s.guidance !== undefined) json.guidance = s.guidance;
    writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
  } else {
    const lines = ['---', `active: ${s.active}`, `iteration: ${s.iteration}`, `session_id: ${s.session}`];
    if (s.maxIterations !== null) lines.push(`max_iterations: ${s.maxIterations}`);
    lines.push(`completion_promise: ${s.promise === null ? 'null' : `"${s.promise}"`}`, 'started_at: "2026-08-22T10:00:00Z"', '---', '', s.prompt);
    writeFileSync(file, `${lines.join('\n')}\n`);
  }
  return file;
}

/** The fields the hook updates, read back in either format; undefined when the file is gone. */
export function readLoopState(ws: Workspace, loop: LoopHook): { iteration: number; session: string; maxIterations: number; promise: string | null } | undefined {
  const file = ws.path(loop.stateFile);
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  if (loop.runtime === 'node') {
    const json = JSON.parse(text);
    return { iteration: json.iteration, session: json.sessionId ?? '', maxIterations: json.maxIterations, promise: json.completionPromise };
  }
  const field = (key: string) => new RegExp(`^${key}:[ \\t]*(.*)$`, 'm').exec(text.split(/^---$/m)[1] ?? '')?.[1]?.trim() ?? '';
  const promise = field('completion_promise');
  return {
    iteration: Number(field('iteration')),
    session: field('session_id'),
    maxIterations: Number(field('max_iterations')),
    promise: promise === 'null' ? null : promise.replace(/^"|"$/g, ''),
  };
}

/** Run the runtime's setup script (what /ralph-loop runs) in the workspace. */
export function runSetup(loop: LoopHook, ws: Workspace, args: string[], env: Record<string, string> = {}, timeout?: number) {
  const argv = loop.runtime === 'node' ? [process.execPath, loop.setup, ...args] : ['bash', loop.setup, ...args];
  const { CLAUDE_CODE_SESSION_ID: _drop, ...base } = process.env;
  return spawnSync(argv[0]!, argv.slice(1), { cwd: ws.dir, env: { ...base, CLAUDE_PROJECT_DIR: ws.dir, ...env }, encoding: 'utf8', timeout });
}

export const projectFile = (loop: LoopHook, relative: string) => join(loop.project.root, relative);

/** The documented configuration, as it appears in docs/presets.md. */
export const TRACKER_CONFIG = {
  hooks: [
    {
      kind: 'stop-watcher',
      preset: 'loop',
      options: {
        runtime: 'node',
        messages: 'iteration-tracker',
        stateFile: '.msw/ralph-state.json',
        guidanceHeading: 'NotebookLM Guidance:',
        commands: false,
      },
    },
  ],
};

/** Called at the top of a test file: a factory of bare workspaces, each removed after its test. */
export function bareWorkspaces(): () => Workspace {
  const made: Workspace[] = [];
  afterEach(() => {
    for (const ws of made.splice(0)) ws.remove();
  });
  return () => {
    const ws = createWorkspace({ bare: true });
    made.push(ws);
    return ws;
  };
}

/** One Stop of the loop hook in a workspace, as session-a unless the overrides say otherwise. */
export function stopLoop(loop: LoopHook, ws: Workspace, overrides: Record<string, unknown> = {}, env: Record<string, string | undefined> = {}, timeoutMs?: number) {
  return runHook(loop.hook, stopInput({ cwd: ws.dir, transcript_path: ws.transcriptPath, session_id: 'session-a', ...overrides }), { cwd: ws.dir, env, ...(timeoutMs ? { timeoutMs } : {}) });
}
