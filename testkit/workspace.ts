/**
 * Temporary workspaces laid out like a project using a spec-driven Ralph loop: the
 * ralph-specum layout by default (specs/<name>/.ralph-state.json, specs/.current-spec,
 * .claude/ralph-specum.local.md), the speckit one on request, or any custom layout.
 * The TypeScript twin of the workspace helpers in testkit/bats (the seed's setup.bash).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { TranscriptBuilder } from './transcript.js';

/** Where a loop keeps its files, relative to the workspace root. */
export interface WorkspaceLayout {
  /** Folder holding one folder per spec. */
  specsDir: string;
  /** File naming the current spec. */
  currentSpecFile: string;
  /** State file name inside the spec folder. */
  stateFileName: string;
  /** Settings file with `enabled:` frontmatter. */
  settingsFile: string;
}

export const LAYOUTS = {
  specum: {
    specsDir: 'specs',
    currentSpecFile: 'specs/.current-spec',
    stateFileName: '.ralph-state.json',
    settingsFile: '.claude/ralph-specum.local.md',
  },
  speckit: {
    specsDir: '.specify/specs',
    currentSpecFile: '.specify/.current-feature',
    stateFileName: '.speckit-state.json',
    settingsFile: '.claude/ralph-speckit.local.md',
  },
} as const satisfies Record<string, WorkspaceLayout>;

export type LayoutName = keyof typeof LAYOUTS;

/** How old writeState makes the state file, in seconds. */
export const DEFAULT_STATE_AGE_SECONDS = 60;

export interface WorkspaceOptions {
  /** A named layout or a custom one; default `specum`. */
  layout?: LayoutName | WorkspaceLayout;
  /** Spec (speckit: feature) name; default `test-spec`. */
  specName?: string;
  /** Use this directory instead of a fresh temporary one (created if missing). */
  dir?: string;
  /** Skip the spec folder, current-spec marker and .claude/: an empty workspace. */
  bare?: boolean;
}

/** The six fields the seed's `create_state_file` writes; any other field may be added. */
export interface SpecState {
  phase?: string;
  taskIndex?: number;
  totalTasks?: number;
  taskIteration?: number;
  [field: string]: unknown;
}

export class Workspace {
  readonly dir: string;
  readonly layout: WorkspaceLayout;
  readonly specName: string;

  constructor(options: WorkspaceOptions = {}) {
    const layout = options.layout ?? 'specum';
    this.layout = typeof layout === 'string' ? LAYOUTS[layout] : layout;
    this.specName = options.specName ?? 'test-spec';
    this.dir = options.dir ? resolve(options.dir) : mkdtempSync(join(tmpdir(), 'rh-ws-'));
    mkdirSync(this.dir, { recursive: true });
    if (!options.bare) {
      mkdirSync(this.specDir, { recursive: true });
      mkdirSync(this.path('.claude'), { recursive: true });
      this.setCurrentSpec(this.specName);
    }
  }

  /** Absolute path of a file inside the workspace. */
  path(...relative: string[]): string {
    return join(this.dir, ...relative);
  }

  /** The spec path as the hooks print it: `./specs/test-spec`. */
  get specPath(): string {
    return `./${this.layout.specsDir}/${this.specName}`;
  }
  get specDir(): string {
    return this.path(this.layout.specsDir, this.specName);
  }
  get stateFile(): string {
    return join(this.specDir, this.layout.stateFileName);
  }
  get settingsFile(): string {
    return this.path(this.layout.settingsFile);
  }
  get tasksFile(): string {
    return join(this.specDir, 'tasks.md');
  }
  get transcriptPath(): string {
    return this.path('transcript.jsonl');
  }

  /** Write a file (objects as pretty JSON), creating folders; `ageSeconds` back-dates its mtime. */
  write(relative: string, content: string | object, options: { ageSeconds?: number } = {}): string {
    const file = this.path(relative);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
    if (options.ageSeconds !== undefined) setFileAge(file, options.ageSeconds);
    return file;
  }

  read(relative: string): string {
    return readFileSync(this.path(relative), 'utf8');
  }

  readJson<T = unknown>(relative: string): T {
    return JSON.parse(this.read(relative)) as T;
  }

  exists(relative: string): boolean {
    return existsSync(this.path(relative));
  }

  /** Delete a file or folder inside the workspace (no error when missing). */
  delete(relative: string): void {
    rmSync(this.path(relative), { recursive: true, force: true });
  }

  /** Point the current-spec marker at `name` (the seed writes `test-spec`). */
  setCurrentSpec(name: string): void {
    this.write(this.layout.currentSpecFile, `${name}\n`);
  }

  /**
   * Write the state file like the seed's `create_state_file`: phase execution, task 0 of 5,
   * attempt 1, plus specName/specPath; `fields` override or add anything else. The file is
   * back-dated `ageSeconds` (default 60) so hooks that wait on a fresh write (specum sleeps
   * 1 s when the state is under 2 s old) don't; pass 0 to test that wait.
   */
  writeState(fields: SpecState = {}, options: { ageSeconds?: number } = {}): string {
    const state = {
      phase: 'execution',
      taskIndex: 0,
      totalTasks: 5,
      taskIteration: 1,
      specName: this.specName,
      specPath: this.specPath,
      ...fields,
    };
    return this.write(this.relative(this.stateFile), state, { ageSeconds: options.ageSeconds ?? DEFAULT_STATE_AGE_SECONDS });
  }

  /** Merge `patch` into the existing state file (back-dated like writeState). */
  updateState(patch: SpecState, options: { ageSeconds?: number } = {}): string {
    return this.writeState({ ...this.readState(), ...patch }, options);
  }

  readState(): SpecState {
    return JSON.parse(readFileSync(this.stateFile, 'utf8')) as SpecState;
  }

  /** The seed's corrupt state: `{ invalid json here` (back-dated like writeState). */
  writeCorruptState(options: { ageSeconds?: number } = {}): string {
    return this.write(this.relative(this.stateFile), '{ invalid json here', { ageSeconds: options.ageSeconds ?? DEFAULT_STATE_AGE_SECONDS });
  }

  /** tasks.md with frontmatter and `count` unchecked `- [ ] 1.i Task number i` lines. */
  writeTasks(count = 3, options: { checked?: number } = {}): string {
    const lines = Array.from({ length: count }, (_, i) => `- [${i < (options.checked ?? 0) ? 'x' : ' '}] 1.${i + 1} Task number ${i + 1}`);
    const text = ['---', `spec: ${this.specName}`, 'phase: tasks', `total_tasks: ${count}`, '---', '', '# Tasks', '', ...lines, ''].join('\n');
    return this.write(this.relative(this.tasksFile), text);
  }

  /** Settings file with `---\nenabled: <value>\n---` frontmatter, plus any other frontmatter fields. */
  writeSettings(enabled: boolean | string = true, extra: Record<string, string | number | boolean> = {}): string {
    const fields = Object.entries({ enabled, ...extra }).map(([key, value]) => `${key}: ${value}`);
    return this.write(this.layout.settingsFile, ['---', ...fields, '---', ''].join('\n'));
  }

  /** Back-date a workspace file's mtime by `seconds` (the seed's `set_file_age`). */
  setFileAge(relative: string, seconds: number): void {
    setFileAge(this.path(relative), seconds);
  }

  /** A transcript builder writing to `<workspace>/transcript.jsonl` (or `relative`). */
  transcript(relative = 'transcript.jsonl'): TranscriptBuilder {
    return new TranscriptBuilder({ path: this.path(relative), cwd: this.dir });
  }

  /** Remove the workspace. */
  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }

  private relative(absolute: string): string {
    return absolute.slice(this.dir.length + 1);
  }
}

/** Create a workspace: a fresh temp dir with the specum layout unless told otherwise. */
export function createWorkspace(options: WorkspaceOptions = {}): Workspace {
  return new Workspace(options);
}

/** Set a file's atime and mtime to `seconds` ago. */
export function setFileAge(file: string, seconds: number): void {
  const when = Date.now() / 1000 - seconds;
  utimesSync(file, when, when);
}
