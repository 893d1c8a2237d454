/** What commands print: a summary a person can scan, or JSON for scripts. */
import type { FileChange } from '../src/generate/plan.js';

const useColor = () => !process.env.NO_COLOR && process.stdout.isTTY === true;
const paint = (code: number) => (text: string) => (useColor() ? `\x1b[${code}m${text}\x1b[0m` : text);
const COLORS: Record<string, (t: string) => string> = {
  create: paint(32),
  update: paint(33),
  remove: paint(31),
  conflict: paint(31),
  keep: paint(36),
  adopt: paint(36),
  unchanged: paint(2),
};

const LABELS: Record<string, string> = {
  create: 'created',
  update: 'updated',
  remove: 'removed',
  conflict: 'conflicting',
  keep: 'kept',
  adopt: 'adopted',
  unchanged: 'unchanged',
};

export function summarize(changes: FileChange[], { dryRun = false } = {}): string {
  const counts = new Map<string, number>();
  for (const change of changes) counts.set(change.status, (counts.get(change.status) ?? 0) + 1);
  const wrote = changes.some((c) => c.status === 'create' || c.status === 'update' || c.status === 'remove');
  if (!wrote && !counts.has('keep') && !counts.has('conflict') && !counts.has('adopt')) {
    return `Everything is up to date (${changes.length} files); nothing written.`;
  }
  const order = ['create', 'update', 'remove', 'adopt', 'keep', 'conflict', 'unchanged'];
  const head = order.filter((s) => counts.has(s)).map((s) => `${counts.get(s)} ${LABELS[s]}`).join(', ');
  const width = Math.max(...changes.map((c) => c.status.length));
  const lines = collapseFolders(changes.filter((c) => c.status !== 'unchanged'))
    .map((c) => `  ${COLORS[c.status](c.status.padEnd(width))}  ${c.path}${c.note ? `  (${c.note})` : ''}`);
  return [`${dryRun ? 'Would write' : 'Done'}: ${head}.`, ...lines].join('\n');
}

/** At least this many files of one folder with the same status print as one line (a starter corpus). */
const COLLAPSE_AT = 5;

/** `create  test/hook-cases/stop-watcher/  (20 files)` instead of twenty lines; --json still lists each. */
type SummaryLine = Pick<FileChange, 'path' | 'status' | 'note'>;

function collapseFolders(changes: FileChange[]): SummaryLine[] {
  const folderOf = (c: FileChange) => (c.note ? undefined : c.path.includes('/') ? c.path.slice(0, c.path.lastIndexOf('/') + 1) : undefined);
  const counts = new Map<string, number>();
  for (const c of changes) {
    const folder = folderOf(c);
    if (folder) counts.set(`${c.status} ${folder}`, (counts.get(`${c.status} ${folder}`) ?? 0) + 1);
  }
  const shown = new Set<string>();
  return changes.flatMap((c): SummaryLine[] => {
    const folder = folderOf(c);
    const key = `${c.status} ${folder}`;
    if (!folder || (counts.get(key) ?? 0) < COLLAPSE_AT) return [c];
    if (shown.has(key)) return [];
    shown.add(key);
    return [{ path: folder, status: c.status, note: `${counts.get(key)} files` }];
  });
}

export function changesAsJson(changes: FileChange[]): string {
  return JSON.stringify({ files: changes.map(({ path, status, note }) => ({ path, status, ...(note ? { note } : {}) })) }, null, 2);
}
