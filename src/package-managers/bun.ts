import type { PackageManager } from './types.js';

export const bun: PackageManager = {
  id: 'bun',
  bin: 'bun',
  lockfiles: ['bun.lock', 'bun.lockb'],
  create: 'bun create ralph-hooks',
  install: 'bun install',
  ciInstall: 'if [ -f bun.lock ] || [ -f bun.lockb ]; then bun install --frozen-lockfile; else bun install; fi',
  run: (script) => `bun run ${script}`,
  exec: (commandLine) => `bunx ${commandLine}`,
  dlx: (spec, args) => `bunx ${spec}${args ? ` ${args}` : ''}`,
  addDev: (specs) => `bun add -d ${specs.join(' ')}`,
  workflowSetup: (pinned) => [{ uses: 'oven-sh/setup-bun@v2', ...(pinned ? { with: { 'bun-version': pinned } } : {}) }],
};
