import { defineGuardRule, z } from '../../../../src/presets/guard-rule.js';

export default defineGuardRule({
  summary: 'git --no-verify/-n, core.hooksPath, GIT_CONFIG_*, git config --global/--system writes, SKIP*/HUSKY=0 switches, clearing the loop flag (unset, env -i, env -u).',
  enabled: true,
  options: {
    loopFlag: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/).default('RALPH_LOOP').describe('Environment flag of the loop; the agent may not unset or change it.'),
  },
  docs: {
    blocks: '`git commit --no-verify` / `-n` / `-nm`, `git -c core.hooksPath=…`, `git config core.hooksPath`, `git config --global/--system` writes, `HUSKY=0`, `SKIP=…`, `SKIP_*HOOK*`, `GIT_CONFIG_*`, `unset RALPH_LOOP`, `env -i`, `env -u RALPH_LOOP`, `export RALPH_LOOP=0` (option `loopFlag`)',
    letsThrough: '`git commit -m "-n is text"`, `git commit -mn`, `git config --global --get user.name`, `SKIP_ENV_VALIDATION=1 npm run build`',
  },
});
