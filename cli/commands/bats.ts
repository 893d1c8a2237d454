/**
 * `ralph-hooks bats [bats options] <files>`: the bats that ships with ralph-hooks, with the
 * testkit's bats helpers where the generated .bats files load them. A project needs neither
 * bats nor ralph-hooks in its package.json: `npx --yes ralph-hooks@<version> bats test/hooks`.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CliError } from '../../src/errors.js';
import { PACKAGE_ROOT, packageVersion } from '../../src/package-info.js';

const HELP = `Usage: ralph-hooks bats [bats options] <file or folder>...

Runs bats (the version ralph-hooks ships) on the generated .bats tests, with the testkit's
helpers (run_hook, assert_block, ...) where they load them; every option goes to bats.

Example: ralph-hooks bats test/hooks`;

/** Where the generated .bats files load the testkit from when this variable is unset: node_modules. */
export const BATS_LIB_VARIABLE = 'RALPH_HOOKS_BATS_LIB';

/**
 * A folder bash can read. Yarn's Plug'n'Play keeps packages in zip archives that only Node reads
 * (through .pnp.cjs): such a folder is copied out once per version, into the temporary folder.
 */
function onDisk(dir: string, name: string): string {
  if (!/\.zip[\\/]/.test(dir)) return dir;
  const copy = join(tmpdir(), `ralph-hooks-${packageVersion()}-${name}`);
  if (existsSync(join(copy, '.complete'))) return copy;
  const partial = mkdtempSync(`${copy}.`);
  copyTree(dir, partial);
  writeFileSync(join(partial, '.complete'), '');
  try {
    renameSync(partial, copy);
  } catch {
    // Another run copied it first.
    rmSync(partial, { recursive: true, force: true });
  }
  return copy;
}

/** Files and folders, one by one: the archive's reader patches these calls, not every other one. */
function copyTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) copyTree(source, target);
    // Executable, all of it: bats runs its programs from bin/ and libexec/, and the archive may not keep the bits.
    else writeFileSync(target, readFileSync(source), { mode: 0o755 });
  }
}

export async function run(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h') {
    console.log(HELP);
    return argv.length === 0 ? 2 : 0;
  }
  const bats = join(onDisk(dirname(createRequire(import.meta.url).resolve('bats/package.json')), 'bats'), 'bin', 'bats');
  const lib = onDisk(join(PACKAGE_ROOT, 'testkit', 'bats'), 'testkit-bats');
  const result = spawnSync(bats, argv, { stdio: 'inherit', env: { ...process.env, [BATS_LIB_VARIABLE]: lib } });
  if (result.error) throw new CliError(`could not start bats (${bats}): ${result.error.message}`);
  return result.status ?? 1;
}
