import { defineGuardRule, globDirsToEre, globsToEre, z } from '../../../../src/presets/guard-rule.js';
import { TARGET_PROTECTED_PATHS } from '../../../../src/targets/index.js';

export default defineGuardRule({
  summary: "Writes (Edit/Write, redirects, tee, sed -i, cp/mv/ln/install, rm, chmod, truncate, dd of=) to the loop's own hooks, every agent's hook registration, settings and convergence record; and ralph-hooks' own commands that remove or override the hooks (uninstall, remove, --force, uninstalling the package).",
  enabled: true,
  options: {
    // Every target's hook folder and registration (src/targets/*: protectedPaths), whatever
    // this guard's own target: a project that changes agent, or serves two, stays covered.
    paths: z.array(z.string().min(1)).default([
      ...TARGET_PROTECTED_PATHS,
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
    blocks: `any write to the loop's own files: Edit/Write, redirects, \`tee\`, \`sed -i\`, \`perl -i\`, \`cp\` / \`mv\` / \`ln\` / \`install\` destinations, \`rm\`, \`chmod\`, \`truncate\`, \`dd of=\`. The protected paths are every agent's hook folder and registration, whatever the target (${TARGET_PROTECTED_PATHS.map((path) => `\`${path}\``).join(', ')}), then \`.ralph-hooks/**\`, \`ralph-hooks.config.json\`, \`loop.sh\`, \`PROMPT*.md\`, \`.git/config\` and \`.git/hooks/**\`, set with the options \`paths\` and \`extraPaths\` (e.g. \`AGENTS.md\`). Removing or moving a folder that holds them (\`rm -rf .claude\`) counts too. Also ralph-hooks' own CLI, however it is started (\`npx\`, \`pnpm dlx\`, \`bunx\`, \`node_modules/.bin/…\`): \`uninstall\`, \`remove\`, \`--force\` / \`--on-conflict overwrite\` or \`adopt\`, and removing the package (\`npm uninstall ralph-hooks\`, \`pnpm rm\`, \`yarn remove\`, \`bun remove\`)`,
    letsThrough: '`cat .claude/settings.json`, reading any agent\'s settings, editing `.claude/commands/*.md`, `npx ralph-hooks status` / `doctor` / `generate`, `npm uninstall left-pad`',
  },
});
