import { defineGuardRule, word, z } from '../../../../src/presets/guard-rule.js';

export default defineGuardRule({
  summary: 'git commands that throw away uncommitted work or rewrite refs with no way back: push --force/-f/+refspec/--mirror, reset --hard/--merge, clean, checkout/restore of files, checkout/switch -f, branch -D/-f, stash drop/clear, worktree remove --force, update-ref, reflog expire, gc --prune=now, filter-branch, read-tree -u, checkout-index -f, rm -f, tag -d/-f, pushes to protected branches; and git\'s own storage written by any other program.',
  enabled: true,
  options: {
    allowForceWithLease: z.boolean().default(true).describe('Let `git push --force-with-lease` through.'),
    protectedBranches: z.array(word).default([]).describe('Branches that may not be pushed to at all (e.g. ["main"]).'),
  },
  docs: {
    blocks: '`git push --force` / `-f` / `-uf` / `+main` / `--mirror` / `--delete` / `--prune` / `origin :main` (a refspec with no source deletes the branch), `git reset --hard` / `--merge`, `git clean -f` / `-fdx`, `git checkout -- file.txt` / `git checkout .` / `git checkout HEAD file`, `git restore file.txt` / `--worktree`, `git checkout -f` / `-B`, `git switch -f` / `--discard-changes` / `-C`, `git branch -D` / `-f` / `-M`, `git stash drop` / `clear`, `git worktree remove --force`, `git update-ref` of an existing ref, `git reflog expire` / `delete`, `git gc --prune=now`, `git prune`, `filter-branch`; plumbing that overwrites the work tree (`read-tree -u --reset` / `-m -u`, `checkout-index -f`), `git rm -f` / `git rm -r .`, `git clean` without `-n` (also without `-f`: `clean.requireForce` may be off), `git tag -d` / `-f`; any other program writing git\'s own storage (`.git/objects`, refs, `HEAD`, the index, `packed-refs`, logs); pushes to `protectedBranches`. Long options count however git would read them abbreviated (`git reset --har` is `--hard`). Each reason says what to do instead (`git stash`, `git branch -d`, `git reset --keep`…)',
    letsThrough: '`git push --force-with-lease` (option `allowForceWithLease`, default true), `git clean -n`, `git checkout main` / `-b x`, `git checkout feature -- new-file.ts` (nothing there yet, in a text that is that one command), `git switch main`, `git stash` / `list` / `pop`, `git restore --staged f`, `git branch -d merged`, `git reset --soft` / `--keep`, `git worktree remove` without `--force`, `git gc`, `git rm file`, `git rm -r --cached .`, `git update-ref` of a new ref, `git tag v2`, `echo x >> .git/info/exclude`',
  },
});
