#!/usr/bin/env node
// The scheduled clients-latest workflow's helper (needs `npm run build` first):
//   node scripts/clients-latest.mjs packages   each agent CLI's package@latest, one per line
//   node scripts/clients-latest.mjs versions   a Markdown table: pinned (package.json) and installed
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { clientProbes } from '../dist/testkit/clients/installed.js';

const CLIENT_PROBES = await clientProbes();

const root = new URL('..', import.meta.url);
const pins = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).devDependencies ?? {};
const require = createRequire(new URL('package.json', root));

function installedVersion(name) {
  try {
    return require(`${name}/package.json`).version;
  } catch {
    return '(not installed)';
  }
}

const [command] = process.argv.slice(2);
if (command === 'packages') {
  for (const probe of CLIENT_PROBES) console.log(`${probe.package}@latest`);
} else if (command === 'versions') {
  console.log('| agent | package | pinned | installed |\n|---|---|---|---|');
  for (const probe of CLIENT_PROBES) {
    const installed = installedVersion(probe.package);
    const pinned = pins[probe.package] ?? '(not pinned)';
    console.log(`| ${probe.agent} | \`${probe.package}\` | ${pinned} | ${installed}${installed === pinned ? '' : ' (new)'} |`);
  }
} else {
  console.error('usage: node scripts/clients-latest.mjs packages|versions');
  process.exit(2);
}
