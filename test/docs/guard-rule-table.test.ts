/**
 * The rule table of docs/guards.md is written from the rules' folders (each rule.ts's docs),
 * the way docs/config-reference.md is written from the schema: `npm run build` rewrites it,
 * and here it must be what the folders give, row for row and in the rules' order. The page as
 * committed, not as on disk: `npm test` runs the build first, which rewrites the table.
 */
import { describe, expect, it } from 'vitest';
import { GUARD_RULES } from '../../src/presets/guard.js';
import { guardRuleTable, withGuardRuleTable } from '../../src/presets/guard-rules.js';
import { committedText } from '../helpers/committed.js';

describe('docs/guards.md: the rule table', () => {
  const doc = committedText('docs/guards.md');

  it('is the table the rule folders give (run `npm run build` after changing a rule, then git add docs/guards.md)', () => {
    expect(doc).toBe(withGuardRuleTable(doc, GUARD_RULES));
    expect(doc).toContain(`\n${guardRuleTable(GUARD_RULES)}\n`);
  });

  it('has one row per rule, in the order the rules run, with its default', () => {
    const rows = doc.split('\n').filter((line) => /^\| `[a-z-]+` \| (on|\*\*off\*\*) \|/.test(line));
    expect(rows.map((row) => row.split('`')[1])).toEqual(GUARD_RULES.map((rule) => rule.id));
    expect(rows.map((row) => row.includes('| **off** |'))).toEqual(GUARD_RULES.map((rule) => !rule.enabled));
  });
});
