import { defineGuardRule } from '../../../../src/presets/guard-rule.js';

export default defineGuardRule({
  summary: 'Publishing: npm/yarn/pnpm/bun/cargo/poetry publish (global flags before the verb, `yarn npm publish`, `pnpm -r publish`, lerna/changeset publish), twine upload, gem push, gh release create, docker push (off by default).',
  enabled: false,
  docs: {
    blocks: '`npm` / `pnpm` / `yarn` / `cargo` / `poetry` / `uv publish`, `twine upload`, `gem push`, `docker push`, `gh release create`, wherever the package manager\'s options stand (`pnpm -r publish`, `pnpm --filter app publish`, `yarn npm publish`, `npm publish --workspaces`), `lerna publish`, `changeset publish`',
  },
});
