import { defineGuardRule, z } from '../../../../src/presets/guard-rule.js';

export default defineGuardRule({
  summary: 'The same tool call (same tool, same input) repeated N times in a row.',
  enabled: true,
  options: {
    repeats: z.int().min(2).max(100).default(3).describe('Deny the Nth identical call in a row.'),
  },
  tools: 'every',
  keepsState: true,
  docs: {
    blocks: 'the same call (tool and exact input) made `repeats` (default 3) times in a row. The state is a series of small files per hook in `stateDir` (`<name>.doom-loop.0000000001`…), one new file a call, the old ones removed 16 at a time. A different call, or another Claude Code session, starts the count over',
  },
});
