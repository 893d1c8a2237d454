import type { PackageManager } from './types.js';

export const npm: PackageManager = {
  id: 'npm',
  bin: 'npm',
  lockfiles: ['package-lock.json', 'npm-shrinkwrap.json'],
  create: 'npm init ralph-hooks',
  install: 'npm install',
  ciInstall: 'if [ -f package-lock.json ] || [ -f npm-shrinkwrap.json ]; then npm ci; else npm install; fi',
  run: (script) => `npm run ${script}`,
  exec: (commandLine) => `npx ${commandLine}`,
  dlx: (spec, args) => `npx --yes ${spec}${args ? ` ${args}` : ''}`,
  addDev: (specs) => `npm install -D ${specs.join(' ')}`,
  workflowSetup: () => [],
};
