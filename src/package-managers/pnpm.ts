import type { PackageManager } from './types.js';

export const pnpm: PackageManager = {
  id: 'pnpm',
  bin: 'pnpm',
  lockfiles: ['pnpm-lock.yaml'],
  create: 'pnpm create ralph-hooks',
  install: 'pnpm install',
  // In CI pnpm installs with --frozen-lockfile by itself when there is a lockfile.
  ciInstall: 'pnpm install',
  run: (script) => `pnpm run ${script}`,
  exec: (commandLine) => `pnpm exec ${commandLine}`,
  dlx: (spec, args) => `pnpm dlx ${spec}${args ? ` ${args}` : ''}`,
  // At a workspace's root pnpm refuses `add` without -w.
  addDev: (specs, workspaceRoot) => `pnpm add -D${workspaceRoot ? ' -w' : ''} ${specs.join(' ')}`,
  // pnpm/action-setup reads package.json's packageManager; it must not be given a version too.
  workflowVersion: '10',
  workflowSetup: (pinned) => [{ uses: 'pnpm/action-setup@v4', ...(pinned ? { with: { version: pinned } } : {}) }],
};
