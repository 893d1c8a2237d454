/**
 * Logs that change under the watch: appended to (a line at a time, or half a line), truncated,
 * rewritten, rotated (renamed away, a new file made) and removed. Each poll is explicit, so what
 * a poll sees is exactly what was written before it: no timing.
 */
import { appendFileSync, mkdirSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readNewLines, READ_CHUNK } from '../../src/watch/tail.js';
import { createWatch, pollWatch, views, type WatchEvent } from '../../src/watch/watcher.js';
import { snapshot, tempDir } from '../helpers/cli.js';
import { T0, guardLine, iso, lines, stop, writeFile, writeLog } from '../loop-report/fixtures.js';

const LOG = '.ralph-hooks/state/loops/sess-a.jsonl';
const kinds = (events: WatchEvent[]) => events.map((e) => (e.kind === 'stop' ? `stop #${e.record.iteration}` : e.kind === 'log' ? `${e.change} ${e.path}` : e.kind));

describe('reading only the new bytes of a file', () => {
  it('whole lines only: half a line waits for its end; nothing new reads nothing', () => {
    const file = join(tempDir(), 'log');
    writeFileSync(file, 'one\ntw');
    const first = readNewLines(file, null);
    expect(first).toMatchObject({ change: 'started', text: 'one\n' });
    expect(first.state!.offset).toBe(4);
    expect(readNewLines(file, first.state)).toMatchObject({ change: 'appended', text: '' });
    appendFileSync(file, 'o\nthree\n');
    const second = readNewLines(file, first.state);
    expect(second).toMatchObject({ change: 'appended', text: 'two\nthree\n' });
    expect(second.state!.offset).toBe(14);
  });

  it('truncated, rewritten past the offset, replaced, removed: each said, each read from its start', () => {
    const dir = tempDir();
    const file = join(dir, 'log');
    writeFileSync(file, 'a\nb\n');
    let state = readNewLines(file, null).state;
    truncateSync(file, 0);
    appendFileSync(file, 'c\n');
    let read = readNewLines(file, state);
    expect(read).toMatchObject({ change: 'truncated', text: 'c\n' });
    state = read.state;
    // Shorter, then longer than what was read: the bytes before the offset differ.
    writeFileSync(file, 'xxxxxxxx\n');
    read = readNewLines(file, state);
    expect(read).toMatchObject({ change: 'truncated', text: 'xxxxxxxx\n' });
    state = read.state;
    renameSync(file, `${file}.1`);
    writeFileSync(file, 'new\n');
    read = readNewLines(file, state);
    expect(read).toMatchObject({ change: 'replaced', text: 'new\n' });
    rmSync(file);
    expect(readNewLines(file, read.state)).toMatchObject({ change: 'removed', text: '', state: null });
  });

  it('a log longer than one read is read whole, in steps', () => {
    const file = join(tempDir(), 'log');
    const line = `${'x'.repeat(999)}\n`;
    const count = Math.ceil((READ_CHUNK * 2.5) / line.length);
    writeFileSync(file, line.repeat(count));
    const read = readNewLines(file, null);
    expect(read.text.length).toBe(line.length * count);
  });
});

describe('a project watched while its logs change', () => {
  it('appends, half lines, truncation, rotation and removal: the state follows the file, and nothing is written', () => {
    const root = tempDir();
    writeLog(root, 'sess-a', lines([stop(1, 60), stop(2, 120)]));
    const watch = createWatch(root);
    expect(kinds(pollWatch(watch))).toEqual(['stop #1', 'stop #2']);
    const before = snapshot(root);

    appendFileSync(join(root, LOG), JSON.stringify(stop(3, 180)).slice(0, 40));
    expect(pollWatch(watch)).toEqual([]);
    appendFileSync(join(root, LOG), `${JSON.stringify(stop(3, 180)).slice(40)}\n`);
    expect(kinds(pollWatch(watch))).toEqual(['stop #3']);
    expect(views(watch, T0)[0]).toMatchObject({ iteration: 3 });

    // Truncated and written again (a new loop's log): the old figures go.
    writeLog(root, 'sess-a', lines([stop(1, 1000, { loopStarted: iso(T0 + 990_000) })]));
    expect(kinds(pollWatch(watch))).toEqual([`truncated ${LOG}`, 'stop #1']);
    expect(views(watch, T0)[0]).toMatchObject({ iteration: 1, tokenTotal: 6200 });

    // Rotated: moved aside (its new name is no log) and a new file made.
    renameSync(join(root, LOG), join(root, `${LOG}.1`));
    writeLog(root, 'sess-a', lines([stop(1, 2000, { loopStarted: iso(T0 + 1990_000) }), stop(2, 2060)]));
    expect(kinds(pollWatch(watch))).toEqual([`replaced ${LOG}`, 'stop #1', 'stop #2']);

    // Removed: said once; what it showed stays, marked; back again, read from its start.
    rmSync(join(root, LOG));
    expect(kinds(pollWatch(watch))).toEqual([`removed ${LOG}`]);
    expect(pollWatch(watch)).toEqual([]);
    expect(views(watch, T0)[0]).toMatchObject({ logRemoved: true, iteration: 2 });
    writeLog(root, 'sess-a', lines([stop(7, 3000)]));
    expect(kinds(pollWatch(watch))).toEqual(['stop #7']);
    expect(views(watch, T0)[0]).toMatchObject({ logRemoved: false, iteration: 7 });

    // The whole folder gone, then a line that is not a record: no throw, a count.
    rmSync(join(root, '.ralph-hooks'), { recursive: true });
    expect(kinds(pollWatch(watch))).toEqual([`removed ${LOG}`]);
    expect(watch.folderFound).toBe(false);
    writeLog(root, 'sess-a', 'not json\n');
    expect(pollWatch(watch)).toEqual([]);
    expect(watch.sessions.get('sess-a')).toMatchObject({ badLines: 1 });

    // The watch wrote nothing: what is there is what the test wrote.
    writeLog(root, 'sess-a', lines([stop(1, 60), stop(2, 120), stop(3, 180)]));
    rmSync(join(root, `${LOG}.1`), { force: true });
    expect(Object.keys(snapshot(root))).toEqual(Object.keys(before));
  });

  it("the guard's log read as it grows; rotated, its denials are read again, not twice", () => {
    const root = tempDir();
    writeFile(root, 'ralph-hooks.config.json', JSON.stringify({ hooks: [{ kind: 'stop-watcher', preset: 'loop', name: 'ralph-loop' }, { kind: 'guard', preset: 'guard' }] }));
    writeLog(root, 'sess-a', lines([stop(1, 60)]));
    const guardLog = join(root, '.ralph-hooks/logs/guard.log');
    const watch = createWatch(root);
    expect(kinds(pollWatch(watch))).toEqual(['stop #1']);
    mkdirSync(join(root, '.ralph-hooks/logs'), { recursive: true });
    appendFileSync(guardLog, guardLine(T0 + 90_000, 'fs-destroy'));
    const events = pollWatch(watch);
    expect(events).toEqual([{ kind: 'denial', source: '.ralph-hooks/logs/guard.log', denial: { atMs: T0 + 90_500, rule: 'fs-destroy', session: null, tool: 'Bash', call: 'rm -rf /', source: '.ralph-hooks/logs/guard.log' } }]);
    appendFileSync(guardLog, guardLine(T0 + 100_000, 'secrets', 'Read', '.env'));
    pollWatch(watch);
    expect(views(watch, T0 + 200_000)[0]!.denials.map((d) => d.rule)).toEqual(['secrets', 'fs-destroy']);
    renameSync(guardLog, `${guardLog}.1`);
    writeFileSync(guardLog, guardLine(T0 + 110_000, 'git-destroy', 'Bash', 'git push --force'));
    expect(kinds(pollWatch(watch))).toEqual(['replaced .ralph-hooks/logs/guard.log', 'denial']);
    expect(views(watch, T0 + 200_000)[0]!.denials.map((d) => d.rule)).toEqual(['git-destroy']);
  });

  it('an end the log did not see: one event when the loop-end record names it', () => {
    const root = tempDir();
    writeLog(root, 'sess-a', lines([stop(1, 60), stop(2, 120)]));
    const watch = createWatch(root);
    pollWatch(watch);
    writeFile(root, '.ralph-hooks/state/loop-end.json', JSON.stringify({ reason: 'context-full', at: iso(T0 + 200_000).slice(0, 19) + 'Z', hook: 'ralph-loop', preset: 'loop', iteration: 2, limit: 10, message: 'The context was full.' }));
    expect(pollWatch(watch)).toMatchObject([{ kind: 'end', key: 'sess-a', end: { reason: 'context-full' } }]);
    expect(pollWatch(watch)).toEqual([]);
    expect(views(watch, T0 + 300_000)[0]).toMatchObject({ running: false, endReason: 'context-full' });
  });
});

describe('a log that is no file any more', () => {
  it('a folder in its place: removed (its Stops stay shown); a file again: read from its start', () => {
    const root = tempDir();
    const path = writeLog(root, 'sess-a', lines([stop(1, 60)]));
    const watch = createWatch(root);
    pollWatch(watch);
    appendFileSync(join(root, path), lines([stop(2, 120)]));
    rmSync(join(root, path));
    mkdirSync(join(root, path));
    expect(kinds(pollWatch(watch))).toEqual([`removed ${path}`]);
    expect(views(watch, T0)[0]).toMatchObject({ logRemoved: true, iteration: 1 });
    rmSync(join(root, path), { recursive: true });
    writeLog(root, 'sess-a', lines([stop(1, 60), stop(2, 120)]));
    expect(kinds(pollWatch(watch))).toEqual(['stop #1', 'stop #2']);
  });
});
