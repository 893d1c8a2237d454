import { defineGuardRule, word, z } from '../../../../src/presets/guard-rule.js';

export default defineGuardRule({
  summary: 'git push --force/-f/+refspec/--mirror, reset --hard, clean -f, checkout/restore of the whole tree, branch -D, filter-branch, stash clear, pushes to protected branches.',
  enabled: true,
  options: {
    allowForceWithLease: z.boolean().default(true).describe('Let `git push --force-with-lease` through.'),
    protectedBranches: z.array(word).default([]).describe('Branches that may not be pushed to at all (e.g. ["main"]).'),
  },
  docs: {
    blocks: '`git push --force` / `-f` / `-uf` / `+main` / `--mirror` / `--delete`, `git reset --hard`, `git clean -fdx`, `git checkout -- .`, `git restore .`, `git branch -D`, `filter-branch`, `stash clear`; pushes to `protectedBranches`',
    letsThrough: '`git push --force-with-lease` (option `allowForceWithLease`, default true), `git clean -n`, `git restore --staged .`, `git branch -d`',
  },
});
