import { defineGuardRule, ereLiteral, namesToEre, z } from '../../../../src/presets/guard-rule.js';

export default defineGuardRule({
  summary: 'Editing lockfiles or generated folders by hand; the package manager owns them.',
  enabled: true,
  options: {
    files: z.array(z.string().min(1)).default([
      'Cargo.lock', 'package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'bun.lockb', 'bun.lock',
      'poetry.lock', 'Pipfile.lock', 'uv.lock', 'go.sum', 'Gemfile.lock', 'composer.lock', 'flake.lock',
    ]).describe('Lockfile base names.'),
    dirs: z.array(z.string().min(1)).default(['node_modules', 'target']).describe('Generated folders: no file below one of these is edited by hand.'),
  },
  tools: 'file-writes',
  context: (options) => ({
    filesEre: namesToEre(options.files),
    dirsEre: options.dirs.length === 0 ? '^$.' : options.dirs.map(ereLiteral).join('|'),
  }),
  docs: {
    blocks: 'hand edits of `package-lock.json`, `Cargo.lock`, `yarn.lock`, `pnpm-lock.yaml`, `go.sum`… and of files below `node_modules/` and `target/` (options `files` and `dirs`)',
    letsThrough: '`npm install`, `rm -rf node_modules`, `rm package-lock.json && npm install`, reading a lockfile',
  },
});
