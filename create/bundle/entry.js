// The entry of create-ralph-hooks' bundle (scripts/bundle-create.mjs): `npm init ralph-hooks`
// runs `ralph-hooks init`, so both commands behave the same. npm keeps flags that come before
// `--` for itself (`npm init ralph-hooks -- --yes`); its own --yes arrives as
// npm_config_yes=true, which `ralph-hooks init` honours too.
// The same file is the formatting process of init (see ./lazy-require.js): started with the
// flag below, it is src/formatters/child.js.
import { FORMATTER_CHILD_FLAG } from './lazy-require.js';

if (process.argv[2] === FORMATTER_CHILD_FLAG) {
  await import('../../dist/src/formatters/child.js');
} else {
  const { main } = await import('../../dist/cli/main.js');
  process.exitCode = await main(['init', ...process.argv.slice(2)]);
}
