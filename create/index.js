#!/usr/bin/env node
// `npm init ralph-hooks` runs this bin. It is only a door: the initializer is
// `ralph-hooks init`, so both commands behave the same. npm keeps flags that come
// before `--` for itself (`npm init ralph-hooks -- --yes`); its own --yes arrives
// as npm_config_yes=true, which `ralph-hooks init` honours too.
import { main } from 'ralph-hooks/cli';

process.exitCode = await main(['init', ...process.argv.slice(2)]);
