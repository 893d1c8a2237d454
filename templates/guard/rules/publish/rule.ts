import { defineGuardRule } from '../../../../src/presets/guard-rule.js';

export default defineGuardRule({
  summary: 'Publishing: npm/yarn/pnpm/cargo/poetry publish, twine upload, gem push, gh release create, docker push (off by default).',
  enabled: false,
  docs: {
    blocks: '`npm` / `pnpm` / `yarn` / `cargo` / `poetry` / `uv publish`, `twine upload`, `gem push`, `docker push`, `gh release create`',
  },
});
