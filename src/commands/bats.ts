/**
 * `ralph-hooks bats [bats options] <files>`: the bats that ships with ralph-hooks, with the
 * testkit's bats helpers where the generated .bats files load them. A project needs neither
 * bats nor ralph-hooks in its package.json: `npx --yes ralph-hooks@<version> bats test/hooks`.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { CliError } from '../errors.js';
import { PACKAGE_ROOT } from '../package-info.js';

const HELP = `Usage: ralph-hooks bats [bats options] <file or folder>...

Runs bats (the version ralph-hooks ships) on the generated .bats tests, with the testkit's
helpers (run_hook, assert_block, ...) where they load them; every option goes to bats.

Example: ralph-hooks bats test/hooks`;

/** Where the generated .bats files load the testkit from when this variable is unset: node_modules. */
export const BATS_LIB_VARIABLE = 'RALPH_HOOKS_BATS_LIB';

export async function run(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h') {
    console.log(HELP);
    return argv.length === 0 ? 2 : 0;
  }
  const bats = join(dirname(createRequire(import.meta.url).resolve('bats/package.json')), 'bin', 'bats');
  const result = spawnSync(bats, argv, { stdio: 'inherit', env: { ...process.env, [BATS_LIB_VARIABLE]: join(PACKAGE_ROOT, 'testkit', 'bats') } });
  if (result.error) throw new CliError(`could not start bats (${bats}): ${result.error.message}`);
  return result.status ?? 1;
}
