/**
 * docs/guards.md's table of oracle families ("What the oracle checks") is written by the survey
 * (ORACLE_SURVEY=1 npx vitest run test/oracle/survey.test.ts): it must have a row for every
 * family in test/oracle/families.ts, with the part of issue 48 that closes it, and none for a
 * family that is gone. Run the survey after adding or renaming a family.
 */
import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../oracle/families.js';
import { committedText } from '../helpers/committed.js';

describe('docs/guards.md: the oracle family table', () => {
  const doc = committedText('docs/guards.md');
  const start = doc.indexOf('<!-- oracle families:');
  const table = doc.slice(start, doc.indexOf('<!-- end of oracle families -->'));
  const rows = table.split('\n').filter((line) => /^\| `[a-z0-9-]+` \|/.test(line));
  const ids = rows.map((row) => row.split('`')[1]!);

  it('has a row per family, with the part that closes it (GTFOBins families when the survey had the catalog)', () => {
    expect(start).toBeGreaterThan(0);
    expect(ids.filter((id) => !id.startsWith('gtfobins-'))).toEqual(FAMILIES.filter((f) => !f.id.startsWith('gtfobins-')).map((f) => f.id));
    for (const family of FAMILIES) {
      const row = rows.find((r) => r.startsWith(`| \`${family.id}\` |`));
      if (row) expect(row, family.id).toContain(`| ${family.closes} |`);
    }
  });

  it('counts agree with themselves: denied never above damaging, damaging never above drawn', () => {
    for (const row of rows) {
      const [, , , , damaging, denied] = row.split(/(?<!\\)\|/).map((cell) => cell.trim());
      const [held, drawn] = damaging!.split(' of ').map(Number);
      const [agreed, heldAgain] = denied!.split(' ')[0]!.split('/').map(Number);
      expect(held, row).toBeLessThanOrEqual(drawn!);
      expect(heldAgain, row).toBe(held);
      expect(agreed, row).toBeLessThanOrEqual(held!);
    }
  });
});
