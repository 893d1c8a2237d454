/** The init/generate summary: a starter corpus is one line; --json still lists every file. */
import { describe, expect, it } from 'vitest';
import type { FileChange } from '../../src/generate/plan.js';
import { changesAsJson, summarize } from '../../cli/report.js';

const change = (path: string, status: FileChange['status'], note?: string): FileChange => ({ path, status, executable: false, tracked: true, ...(note ? { note } : {}) });

describe('summarize', () => {
  const cases = Array.from({ length: 6 }, (_, i) => change(`test/hook-cases/stop-watcher/c${i}.case.json`, 'create'));
  const changes = [change('.claude/hooks/stop-watcher.sh', 'create'), ...cases, change('test/hook-cases/stop-watcher/edited.case.json', 'keep', 'kept your edit'), change('package.json', 'update')];

  it('collapses five or more files of one folder with one status into a line', () => {
    expect(summarize(changes)).toBe(
      [
        'Done: 7 created, 1 updated, 1 kept.',
        '  create  .claude/hooks/stop-watcher.sh',
        '  create  test/hook-cases/stop-watcher/  (6 files)',
        '  keep    test/hook-cases/stop-watcher/edited.case.json  (kept your edit)',
        '  update  package.json',
      ].join('\n'),
    );
  });

  it('keeps four files of a folder as four lines', () => {
    expect(summarize(cases.slice(0, 4)).split('\n')).toHaveLength(5);
  });

  it('--json lists every file', () => {
    expect(JSON.parse(changesAsJson(changes)).files).toHaveLength(changes.length);
  });
});
