#!/usr/bin/env node
/**
 * Part of `npm run build`, after tsc and the other bundles: dist/bin/, what bin/ralph-hooks.js
 * runs. tsc leaves the CLI as some hundred modules, and Node resolves, reads and links each at
 * every start (a `generate` loaded 100 of them). Here they become one module per command
 * (rolldown's chunks, loaded on demand as the commands are) and the guard rules' modules, which
 * the code loads by path, are carried in the bundle: `init --yes` takes a fifth less CPU, a
 * `generate` with nothing to do an eighth (bench/init.mjs).
 *
 * Left outside, as modules of their own: the npm packages (Handlebars, diff, …: required on
 * first use), the testkit's agent clients (dist/testkit/clients/), whose agent modules are
 * loaded by path and register into that folder's own modules, and zod (dist/src/zod.js), which
 * those modules import too: one zod for all.
 * dist/cli/main.js stays as tsc wrote it: the `ralph-hooks/cli` export.
 */
import { readdirSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'rolldown';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(repo, 'dist');
const out = join(dist, 'bin');
const LAZY_REQUIRE = join(dist, 'src/util/lazy-require.js');
const RULES = '\0ralph-hooks:guard-rules';
const SWAP = '\0ralph-hooks:lazy-require';

/** What stays a module of its own, by the path tsc wrote it to. */
function outside(path) {
  return path === join(dist, 'src/zod.js') || path.startsWith(join(dist, 'testkit/clients') + sep);
}

/** Each guard rule's compiled module, by its path in the package (as create-ralph-hooks' bundle has them). */
export function guardRulesModule(distDir) {
  const rulesDir = join(distDir, 'templates/guard/rules');
  const rules = readdirSync(rulesDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  return [
    ...rules.map((id, i) => `import * as rule${i} from ${JSON.stringify(join(rulesDir, id, 'rule.js'))};`),
    `export const GUARD_RULE_MODULES = {${rules.map((id, i) => `\n  ${JSON.stringify(`dist/templates/guard/rules/${id}/rule.js`)}: rule${i},`).join('')}\n};`,
  ].join('\n');
}

/**
 * lazy-require.js as it is, but for importModule: a built-in guard rule comes from the bundle
 * (a rule of the user's, from disk). The rules' chunk is imported when the first rule is, as the
 * rules' files were: a rule imports modules that import the rules' loader. The other loaders
 * resolve from dist/bin/ as from dist/src/util/.
 */
const swapModule = `export * from ${JSON.stringify(LAZY_REQUIRE)};
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PACKAGE_ROOT } from ${JSON.stringify(join(dist, 'src/util/package-info.js'))};
export async function importModule(path) {
  const { GUARD_RULE_MODULES } = await import(${JSON.stringify(RULES)});
  return GUARD_RULE_MODULES[relative(PACKAGE_ROOT, path).split('\\\\').join('/')] ?? import(pathToFileURL(path).href);
}
`;

const cliPlugin = {
  name: 'ralph-hooks-cli',
  async resolveId(id, importer, options) {
    if (id === RULES) return RULES;
    if (id.startsWith('node:') || builtinModules.includes(id)) return { id, external: true };
    if (!id.startsWith('.') && !id.startsWith('/')) return { id, external: true };
    const resolved = await this.resolve(id, importer, { ...options, skipSelf: true });
    if (!resolved) return null;
    if (resolved.id === LAZY_REQUIRE && importer !== SWAP) return SWAP;
    if (outside(resolved.id)) return { id: resolved.id, external: true };
    return resolved;
  },
  load(id) {
    if (id === RULES) return guardRulesModule(dist);
    if (id === SWAP) return swapModule;
    return null;
  },
};

export async function main() {
  const started = Date.now();
  rmSync(out, { recursive: true, force: true });
  await build({
    input: { 'ralph-hooks': join(dist, 'cli/main.js') },
    platform: 'node',
    logLevel: 'warn',
    checks: { pluginTimings: false },
    plugins: [cliPlugin],
    output: {
      dir: out,
      format: 'esm',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      banner: '// ralph-hooks CLI, bundled by scripts/bundle-cli.mjs (npm run build) from dist/cli/main.js. Do not edit.',
    },
  });
  const chunks = readdirSync(join(out, 'chunks')).length;
  console.log(`bundled the CLI into ${relative(repo, out)} (1 entry, ${chunks} chunks, ${Date.now() - started} ms)`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
