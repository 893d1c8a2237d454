/**
 * Reading the loop logs tolerantly (src/report/read-log.ts): no folder, an empty file, a last
 * line cut short, lines that are not records, a newer version; and each field kept only with
 * its type (a figure that is not a count is null, never 0).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOOP_LOG_DIR } from '../../src/loop-record/record.js';
import { checkRecord, parseLogText, readLoopLogs } from '../../src/report/read-log.js';
import { tempDir } from '../helpers/cli.js';
import { lines, stop, writeLog } from './fixtures.js';

describe('parseLogText', () => {
  it('an empty text, or blank lines only, is an empty log with nothing wrong', () => {
    for (const text of ['', '\n', '\n  \n']) {
      expect(parseLogText(text)).toEqual({ records: [], badLines: 0, newerLines: 0, truncatedLast: false, empty: true });
    }
  });

  it('reads every complete line; a last line without its newline that does not parse is the truncated one, not a bad line', () => {
    const whole = lines([stop(1, 10), stop(2, 20)]);
    const cut = JSON.stringify(stop(3, 30)).slice(0, 40);
    const read = parseLogText(whole + cut);
    expect(read.records.map((r) => r.iteration)).toEqual([1, 2]);
    expect(read).toMatchObject({ badLines: 0, truncatedLast: true, empty: false });
  });

  it('a last line without its newline that parses is read (the writer had not added the newline yet)', () => {
    const read = parseLogText(lines([stop(1, 10)]) + JSON.stringify(stop(2, 20)));
    expect(read.records.map((r) => r.iteration)).toEqual([1, 2]);
    expect(read.truncatedLast).toBe(false);
  });

  it('skips and counts lines that are not records: not JSON, not an object, no time, an unknown decision, no version', () => {
    const good = stop(1, 10);
    const text = [
      'not json at all',
      '[1,2,3]',
      JSON.stringify({ ...good, at: 'yesterday' }),
      JSON.stringify({ ...good, decision: 'maybe' }),
      JSON.stringify({ ...good, v: undefined }),
      JSON.stringify(good),
      '',
    ].join('\n');
    const read = parseLogText(text);
    expect(read.records).toHaveLength(1);
    expect(read.badLines).toBe(5);
  });

  it('counts a newer record version apart, so the report can say to upgrade', () => {
    const read = parseLogText(lines([stop(1, 10), { ...stop(2, 20), v: 2 }]));
    expect(read.records).toHaveLength(1);
    expect(read.newerLines).toBe(1);
    expect(read.badLines).toBe(0);
  });
});

describe('checkRecord: each field with its type, else null', () => {
  it('a figure that is negative, fractional-infinite or a string is null, never 0', () => {
    const record = checkRecord({ ...stop(1, 10), toolCalls: -1, iteration: 'two', usage: { model: 7, input: '12', output: Infinity, cacheRead: 5, cacheWrite: null } });
    expect(record).toMatchObject({ toolCalls: null, iteration: null, usage: { model: null, input: null, output: null, cacheRead: 5, cacheWrite: null } });
  });

  it('usage null keeps its note; a missing note is said plainly', () => {
    expect(checkRecord({ ...stop(1, 10), usage: null, usageNote: 'the transcript carries no usage' })).toMatchObject({ usage: null, usageNote: 'the transcript carries no usage' });
    expect(checkRecord({ ...stop(1, 10), usage: null, usageNote: undefined })).toMatchObject({ usage: null, usageNote: 'no usage recorded' });
  });

  it('strings from the log are kept as they are (escaping is the renderers\' job)', () => {
    expect(checkRecord({ ...stop(1, 10), task: '<b>bold</b> & "quoted"' })).toMatchObject({ task: '<b>bold</b> & "quoted"' });
  });
});

describe('readLoopLogs', () => {
  it('no folder: files null (nothing recorded yet), no problem', () => {
    expect(readLoopLogs(tempDir())).toEqual({ dir: LOOP_LOG_DIR, files: null, problems: [] });
  });

  it('reads each .jsonl file of the folder as one session, by file name; other files are left alone', () => {
    const root = tempDir();
    writeLog(root, 'b-session', lines([stop(1, 10, { session: 'b-session' })]));
    writeLog(root, 'a-session', '');
    writeFileSync(join(root, LOOP_LOG_DIR, 'notes.txt'), 'hello');
    mkdirSync(join(root, LOOP_LOG_DIR, 'dir.jsonl'));
    const read = readLoopLogs(root);
    expect(read.files!.map((f) => [f.stem, f.records.length, f.empty])).toEqual([['a-session', 0, true], ['b-session', 1, false]]);
    expect(read.problems).toEqual([`${LOOP_LOG_DIR}/dir.jsonl is not a regular file; skipped.`]);
  });
});
