/**
 * Turning a plan into files: conflicts are settled first (by policy or by asking),
 * then everything is written, each file atomically, the manifest last.
 */
import { chmodSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CliError } from '../util/errors.js';
import { diffLibrary } from '../util/lazy-require.js';
import { manifestChange, type FileChange, type Plan } from './plan.js';
import { outsideProjectMessage, resolveInside, sha256 } from './manifest.js';
import { rhCommand } from '../package-managers/project.js';

export const CONFLICT_POLICIES = ['ask', 'keep', 'adopt', 'overwrite', 'fail'] as const;
export type ConflictPolicy = (typeof CONFLICT_POLICIES)[number];
export type ConflictAnswer = 'keep' | 'adopt' | 'overwrite';
export type AskConflict = (change: FileChange) => Promise<ConflictAnswer>;

export class ConflictError extends CliError {
  constructor(readonly files: FileChange[]) {
    super(
      [
        `${files.length} file(s) were edited by hand and would be overwritten:`,
        ...files.map((f) => `  ${f.path} (${f.note})`),
        'Nothing was written. Re-run with --on-conflict=adopt to make your edits the recorded version (generate,',
        'doctor and CI accept them from then on), --on-conflict=keep to leave them this time, --on-conflict=overwrite',
        '(or --force) to replace them, or --dry-run to see the differences.',
      ].join('\n'),
      2,
    );
    this.name = 'ConflictError';
  }
}

/** Settle every conflict: the result has none left, or ConflictError is thrown before any write. */
export async function resolveConflicts(plan: Plan, policy: ConflictPolicy, ask?: AskConflict): Promise<Plan> {
  if (policy === 'overwrite') {
    // --force also restores the generated version of an adopted edit.
    plan = { ...plan, changes: plan.changes.map((c) => (c.status === 'unchanged' && c.adopted ? { ...c, status: 'update', adopted: false, note: 'overwritten (was your adopted edit)' } : c)) };
  }
  const conflicts = plan.changes.filter((c) => c.status === 'conflict');
  if (conflicts.length === 0) return plan;
  if (policy === 'fail' || (policy === 'ask' && !ask)) throw new ConflictError(conflicts);
  const changes: FileChange[] = [];
  for (const change of plan.changes) {
    if (change.status !== 'conflict') {
      changes.push(change);
      continue;
    }
    const answer = policy === 'ask' ? await ask!(change) : policy;
    if (answer === 'overwrite') changes.push({ ...change, status: 'update', adopted: false, note: 'overwritten (was edited by hand)' });
    else if (answer === 'adopt') changes.push({ ...change, status: 'adopt', note: adoptNote(plan, change) });
    else changes.push({ ...change, status: 'keep', note: 'kept your edit' });
  }
  return { ...plan, changes };
}

/** Adopting an edit made from an older rendering keeps the edit, and says what it misses. */
function adoptNote(plan: Plan, change: FileChange): string {
  const madeFrom = plan.previousManifest?.files[change.path];
  if (madeFrom && madeFrom !== sha256(change.content!)) {
    return `adopted your edit, but it was made before a config change and lacks it: see ${rhCommand('generate --dry-run --force')}`;
  }
  return 'adopted your edit: generate, doctor and CI accept it until you --force';
}

export interface Writer {
  write(path: string, content: string, executable: boolean): void;
  remove(path: string): void;
}

/** Is process `pid` alive? (EPERM: alive, someone else's.) */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Remove `<name>.<pid>.tmp` files beside `target` left by runs that were killed. */
function removeStaleTemporaries(target: string): void {
  const name = basename(target);
  let entries: string[];
  try {
    entries = readdirSync(dirname(target));
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.startsWith(`${name}.`)) continue;
    const pid = /^(\d+)\.tmp$/.exec(entry.slice(name.length + 1))?.[1];
    if (pid !== undefined && Number(pid) !== process.pid && !alive(Number(pid))) rmSync(join(dirname(target), entry), { force: true });
  }
}

/** Refuse, with one line, a path whose folder resolves outside the project (symlinks and `..` included). */
export function assertInside(root: string, path: string): void {
  if (resolveInside(root, path) === undefined) throw new CliError(outsideProjectMessage(path));
}

/**
 * Writes straight to disk: a temporary file beside the target (created new, never through a
 * symlink), then a rename; only inside the project, its folders' symlinks resolved.
 */
export function diskWriter(root: string): Writer {
  return {
    write(path, content, executable) {
      assertInside(root, path);
      const target = join(root, path);
      mkdirSync(dirname(target), { recursive: true });
      removeStaleTemporaries(target);
      const temporary = `${target}.${process.pid}.tmp`;
      rmSync(temporary, { force: true });
      writeFileSync(temporary, content, { flag: 'wx' });
      chmodSync(temporary, executable ? 0o755 : 0o644);
      renameSync(temporary, target);
    },
    remove(path) {
      assertInside(root, path);
      rmSync(join(root, path), { force: true });
    },
  };
}

const WRITES = new Set(['create', 'update']);

/** Apply a conflict-free plan. Returns every change including the manifest's. */
export function applyPlan(plan: Plan, writer: Writer): FileChange[] {
  if (plan.changes.some((c) => c.status === 'conflict')) throw new Error('applyPlan: resolve conflicts first');
  const manifest = manifestChange(plan);
  // Every path is checked before the first write: a refused one leaves the project as it was.
  for (const change of [...plan.changes, manifest]) {
    if (WRITES.has(change.status) || change.status === 'remove') assertInside(plan.root, change.path);
  }
  for (const change of [...plan.changes, manifest]) {
    if (WRITES.has(change.status)) writer.write(change.path, change.content!, change.executable);
    else if (change.status === 'remove') writer.remove(change.path);
  }
  return [...plan.changes, manifest];
}

/** A unified diff from what is on disk to what would be written. */
export function diffOf(change: FileChange): string {
  const before = change.current ?? '';
  const after = change.status === 'remove' ? '' : (change.content ?? '');
  return diffLibrary().createTwoFilesPatch(change.current === undefined ? '/dev/null' : `a/${change.path}`, change.status === 'remove' ? '/dev/null' : `b/${change.path}`, before, after, '', '', { context: 3 });
}

/** Everything a plan would change, for --dry-run. */
export function planWithManifest(plan: Plan): FileChange[] {
  return [...plan.changes, manifestChange(plan)];
}
