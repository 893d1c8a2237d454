import { defineGuardRule, globDirsToEre, globsToEre, z } from '../../../../src/presets/guard-rule.js';

export default defineGuardRule({
  summary: "Writes (Edit/Write, redirects, tee, sed -i, cp/mv/ln/install, rm, chmod, truncate, dd of=) to the loop's own hooks, settings and convergence record.",
  enabled: true,
  options: {
    paths: z.array(z.string().min(1)).default([
      '.forgeflare/**', '.claude/hooks/**', '.claude/settings.json', '.claude/settings.local.json',
      '.ralph-hooks/**', 'ralph-hooks.config.json', 'loop.sh', 'PROMPT*.md', '.git/config', '.git/hooks/**',
    ]).describe('Protected paths relative to the project root; `*` matches within a name, a trailing `/**` matches everything below.'),
    extraPaths: z.array(z.string().min(1)).default([]).describe('More protected paths, added to `paths` (e.g. ["AGENTS.md", "CLAUDE.md"]).'),
  },
  tools: 'file-writes',
  runsFirst: true,
  context: (options) => {
    const paths = [...options.paths, ...options.extraPaths];
    return { pathsEre: globsToEre(paths), dirsEre: globDirsToEre(paths) };
  },
  docs: {
    blocks: "any write to the loop's own files: Edit/Write, redirects, `tee`, `sed -i`, `perl -i`, `cp` / `mv` / `ln` / `install` destinations, `rm`, `chmod`, `truncate`, `dd of=`. The protected paths are `.forgeflare/**` (hooks.toml and **convergence.json**), `.claude/hooks/**`, `.claude/settings*.json`, `.ralph-hooks/**`, `ralph-hooks.config.json`, `loop.sh`, `PROMPT*.md`, `.git/config` and `.git/hooks/**`, set with the options `paths` and `extraPaths` (e.g. `AGENTS.md`). Removing or moving a folder that holds them (`rm -rf .claude`) counts too",
    letsThrough: '`cat .claude/settings.json`, editing `.claude/commands/*.md`',
  },
});
