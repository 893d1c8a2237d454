import type { PackageManager } from './types.js';

/** Yarn 2 and later (berry): the version comes from packageManager through corepack, or .yarnrc.yml's yarnPath. */
export const yarn: PackageManager = {
  id: 'yarn',
  bin: 'yarn',
  lockfiles: ['yarn.lock'],
  create: 'yarn create ralph-hooks',
  install: 'yarn install',
  // In CI yarn installs with --immutable by itself.
  ciInstall: 'yarn install',
  run: (script) => `yarn run ${script}`,
  exec: (commandLine) => `yarn ${commandLine}`,
  dlx: (spec, args) => `yarn dlx ${spec}${args ? ` ${args}` : ''}`,
  addDev: (specs) => `yarn add -D ${specs.join(' ')}`,
  workflowSetup: () => [{ run: 'corepack enable' }],
};

/** Yarn 1 (classic), preinstalled on GitHub's runners. */
export const yarnClassic: PackageManager = {
  ...yarn,
  id: 'yarn-classic',
  ciInstall: 'if [ -f yarn.lock ]; then yarn install --frozen-lockfile; else yarn install; fi',
  // Yarn 1 has no dlx.
  dlx: (spec, args) => `npx --yes ${spec}${args ? ` ${args}` : ''}`,
  addDev: (specs, workspaceRoot) => `yarn add -D${workspaceRoot ? ' -W' : ''} ${specs.join(' ')}`,
  workflowSetup: () => [],
};
