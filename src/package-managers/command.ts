/**
 * The one place a command line for a person (or a generated file) is built: a package manager,
 * the folder the person is in (relative to the project root), and what to run. Every command
 * ralph-hooks prints or writes goes through commandFor, so that it works where it is read.
 *
 * At the root each package manager's own words are used (`pnpm exec ralph-hooks doctor`). In a
 * folder below the root (init run from a workspace package writes to the root, and the person is
 * still in the package), what belongs to the root must reach it; each manager has its way,
 * checked against npm 11, pnpm 10, yarn 4 and bun 1.4 (test/e2e/shapes/yarn-workspace-package.mjs
 * runs them from a package):
 *
 *   npm    `npx ralph-hooks …` finds the root's binary from any folder below it; scripts and
 *          installs take `--prefix <root>` (from a workspace package `npm run` looks in the package).
 *   pnpm   in a workspace `-w` (the workspace root), and `pnpm exec` finds the root's binaries
 *          from a package; outside a workspace `-C <root>`.
 *   yarn   (berry) `yarn run -T` runs the root's scripts and binaries from any workspace (plain
 *          `yarn ralph-hooks` looks in the current workspace only); `yarn install` installs the
 *          whole project from anywhere; adding a dependency takes `--cwd <root>`.
 *   yarn 1 `--cwd <root>`.
 *   bun    `bunx ralph-hooks` finds the root's binary from a package; scripts and installs take
 *          `--cwd <root>`.
 *
 * A command whose arguments name paths relative to the root (`ralph-hooks bats test/hooks`,
 * `vitest run --config test/hooks/…`) runs at the root, in a subshell: `(cd ../.. && …)`.
 */
import type { PackageManager } from './types.js';

export type Command =
  /** Install what the root's package.json names. */
  | { kind: 'install' }
  /**
   * node_modules back in line with a package.json and lockfile put back by hand (uninstall):
   * the install, except for bun, which compares package.json with bun.lock only and, finding
   * them in step, prunes nothing (bun 1.4): its node_modules is made again from bun.lock.
   */
  | { kind: 'restore' }
  /** A script of the root's package.json. */
  | { kind: 'script'; name: string }
  /** A binary the root's package.json installs: `ralph-hooks doctor`, `vitest run …`. */
  | { kind: 'bin'; line: string; paths?: boolean }
  /** A package run without installing it (cached by the runner): `ralph-hooks@0.1.0` with its arguments. */
  | { kind: 'dlx'; spec: string; args: string; paths?: boolean }
  /** Add dev dependencies to the root's package.json. */
  | { kind: 'add-dev'; specs: string[] }
  /** A command line of any program that must run at the root (`npm install --no-save …` where there is no package.json). */
  | { kind: 'at-root'; line: string };

export interface Place {
  /** From the project root to the folder the person is in, with / ('' at the root). */
  from: string;
  /** The root is a workspace's root (pnpm-workspace.yaml, or package.json's workspaces). */
  workspace: boolean;
}

export const AT_ROOT: Place = { from: '', workspace: false };

/** `packages/x` → `../..`: from the folder back up to the root. */
export function upTo(from: string): string {
  const depth = from.split('/').filter((part) => part !== '' && part !== '.').length;
  return Array.from({ length: depth }, () => '..').join('/');
}

/** The command line for `command`, in `pm`'s words, that works when typed in `place`. */
export function commandFor(pm: PackageManager, place: Place, command: Command): string {
  const up = upTo(place.from);
  const root = up === '';
  if (command.kind === 'dlx') {
    const line = pm.dlx(command.spec, command.args);
    return root || !command.paths ? line : `(cd ${up} && ${line})`;
  }
  if (command.kind === 'bin' && command.paths && !root) return `(cd ${up} && ${pm.exec(command.line)})`;
  if (command.kind === 'at-root') return root ? command.line : `(cd ${up} && ${command.line})`;
  if (command.kind === 'restore') {
    const install = commandFor(pm, place, { kind: 'install' });
    return pm.id === 'bun' ? `rm -rf ${root ? '' : `${up}/`}node_modules && ${install}` : install;
  }
  if (root) {
    switch (command.kind) {
      case 'install':
        return pm.install;
      case 'script':
        return pm.run(command.name);
      case 'bin':
        return pm.exec(command.line);
      case 'add-dev':
        return pm.addDev(command.specs, place.workspace);
    }
  }
  return below(pm, place.workspace, up, command);
}

/** The command from a folder below the root (see the file's comment for each manager). */
function below(pm: PackageManager, workspace: boolean, up: string, command: Exclude<Command, { kind: 'dlx' | 'restore' | 'at-root' }>): string {
  const specs = command.kind === 'add-dev' ? command.specs.join(' ') : '';
  switch (pm.id) {
    case 'npm':
      if (command.kind === 'bin') return pm.exec(command.line);
      if (command.kind === 'install') return `npm --prefix ${up} install`;
      if (command.kind === 'script') return `npm --prefix ${up} run ${command.name}`;
      return `npm --prefix ${up} install -D ${specs}`;
    case 'pnpm': {
      if (command.kind === 'bin') return workspace ? pm.exec(command.line) : `pnpm -C ${up} exec ${command.line}`;
      const at = workspace ? '-w' : `-C ${up}`;
      if (command.kind === 'install') return workspace ? 'pnpm install' : `pnpm -C ${up} install`;
      if (command.kind === 'script') return `pnpm ${at} run ${command.name}`;
      return workspace ? `pnpm add -D -w ${specs}` : `pnpm -C ${up} add -D ${specs}`;
    }
    case 'yarn':
      if (command.kind === 'bin') return `yarn run -T ${command.line}`;
      if (command.kind === 'install') return 'yarn install';
      if (command.kind === 'script') return `yarn run -T ${command.name}`;
      return `yarn --cwd ${up} add -D ${specs}`;
    case 'yarn-classic':
      if (command.kind === 'bin') return `yarn --cwd ${up} ${command.line}`;
      if (command.kind === 'install') return `yarn --cwd ${up} install`;
      if (command.kind === 'script') return `yarn --cwd ${up} run ${command.name}`;
      return `yarn --cwd ${up} add -D${workspace ? ' -W' : ''} ${specs}`;
    case 'bun':
      if (command.kind === 'bin') return pm.exec(command.line);
      if (command.kind === 'install') return `bun install --cwd ${up}`;
      if (command.kind === 'script') return `bun run --cwd ${up} ${command.name}`;
      return `bun add -d --cwd ${up} ${specs}`;
  }
}
