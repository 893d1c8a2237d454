/**
 * Copilot CLI's Stop input carries an ISO time (.timestamp) that its transcript repeats in epoch
 * ms: the bash stop-watchers convert it in bash arithmetic (the stop-stamp partial), not in
 * their one jq program. Held here to jq's own conversion (fromdateiso8601), over the calendar's
 * corners and a year of random times; anything that is not such a time is no stamp.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TARGETS } from '../../src/targets/index.js';
import { generateProject } from '../helpers/generate.js';

const JQ_STAMP = '.[] | (try (capture("^(?<s>[^.Z]+)(\\\\.(?<f>[0-9]+))?Z$") | (.s + "Z" | fromdateiso8601) * 1000 + (((.f // "") + "000")[0:3] | tonumber) | tostring) catch "")';

/** The stop_stamp function of a generated bash stop-watcher, and what it makes of each text. */
function bashStamps(script: string, texts: string[]): string[] {
  const fn = /^stop_stamp\(\) \{\n[\s\S]*?^\}\n/m.exec(readFileSync(script, 'utf8'))?.[0];
  expect(fn, 'stop_stamp in the generated hook').toBeDefined();
  const run = spawnSync('bash', ['-c', `${fn}\nfor text in "$@"; do stop_stamp "$text"; printf '%s\\n' "$STOP_STAMP"; done`, 'stamps', ...texts], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  return run.stdout.split('\n').slice(0, -1);
}

function jqStamps(texts: string[]): string[] {
  const run = spawnSync('jq', ['-r', JQ_STAMP], { input: JSON.stringify(texts), encoding: 'utf8' });
  return run.stdout.split('\n').slice(0, -1);
}

/** A year of random times from 2024 (a leap year), with 0 to 6 digits of fraction, from a fixed seed. */
function randomTimes(count: number): string[] {
  let seed = 20261207;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  return Array.from({ length: count }, () => {
    const iso = new Date(Date.UTC(2024, 0, 1) + (next() % (366 * 86400)) * 1000).toISOString().slice(0, 19);
    const digits = next() % 7;
    return `${iso}${digits ? `.${String(next()).padStart(6, '0').slice(0, digits)}` : ''}Z`;
  });
}

describe('stop_stamp (bash) reads Copilot CLI\'s ISO stamp as jq does', () => {
  const corners = [
    '1970-01-01T00:00:00Z', '1970-01-01T00:00:00.001Z', '1999-12-31T23:59:60Z', '2000-02-29T23:59:59.9Z', '2000-03-01T00:00:00Z',
    '2024-02-29T12:00:00.123456Z', '2100-02-28T23:59:59.999Z', '2100-03-01T00:00:00Z', '2026-12-07T08:38:42.07Z', '9999-12-31T23:59:59Z',
  ];
  const notStamps = ['', '2026-12-07', '2026-12-07T08:38:42', '2026-12-07T08:38:42+00:00', '2026-13-01T00:00:00Z', '2026-12-07T24:00:00Z', '1700000000000', 'x2026-12-07T08:38:42Z', '2026-12-07T08:38:42.Z'];

  for (const target of ['copilot-project', 'claude-project'] as const) {
    for (const preset of ['specum', 'loop'] as const) {
      it(`${target}, ${preset}: every corner of the calendar and 300 random times, to the millisecond; other texts are no stamp`, () => {
        const project = generateProject({ target, hooks: [{ kind: 'stop-watcher', preset }] } as never);
        const script = project.file(`${TARGETS[target].hooksDir}/stop-watcher.sh`);
        const times = [...corners, ...randomTimes(300)];
        expect(bashStamps(script, times)).toEqual(jqStamps(times));
        expect(bashStamps(script, notStamps)).toEqual(notStamps.map(() => ''));
      });
    }
  }
});
