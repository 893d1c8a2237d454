#!/usr/bin/env node
/**
 * Part of `npm run build`, last: create/index.js, the whole of create-ralph-hooks, one file with
 * no dependencies (the way create-vite ships), so that `npm init ralph-hooks`, `pnpm create`,
 * `yarn create` and `bun create` download one small package and start at once.
 *
 * It is `ralph-hooks init` (dist/cli/main.js, the generator with Yeoman bundled in it by
 * scripts/bundle-generator.mjs, the core), with what ralph-hooks reads from its own folder
 * carried inside: three modules are swapped for the bundle's own (create/bundle/): package-info
 * (the package's folder and version), lazy-require (what is loaded by a computed path: guard
 * rules, Handlebars, the precompiled templates, the formatting process) and, for ralph-hooks'
 * modules only, node:fs (the templates, served from the bundle). Licences of what it bundles:
 * create/THIRD-PARTY-NOTICES.txt.
 */
import * as fs from 'node:fs';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { guardRulesModule } from './bundle-cli.mjs';
import { noticesPlugin, ownPackageJsonPlugin, stubPlugin } from './bundle-generator.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(repo, 'dist');
const own = join(repo, 'create', 'bundle');
const out = join(repo, 'create', 'index.js');

/** The modules swapped for the bundle's own, by the path tsc wrote them to. */
const SWAPPED = {
  [join(dist, 'src/util/package-info.js')]: join(own, 'package-info.js'),
  [join(dist, 'src/util/lazy-require.js')]: join(own, 'lazy-require.js'),
};
const FS_SHIM = join(own, 'fs.js');
/** The bundle's own modules: the package's files and version (no imports), and the guard rules' modules. */
const FILES = '\0ralph-hooks:files';
const RULES = '\0ralph-hooks:guard-rules';

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** The templates (what init renders) and the version, as a module. */
function filesModule() {
  const files = {};
  for (const path of filesUnder(join(repo, 'templates'))) {
    if (path.endsWith('.hbs')) files[relative(repo, path).split(sep).join('/')] = readFileSync(path, 'utf8');
  }
  const version = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).version;
  return `export const VERSION = ${JSON.stringify(version)};\nexport const FILES = ${JSON.stringify(files)};\n`;
}

const ours = (importer) => importer !== undefined && importer.startsWith(dist + sep) && !importer.includes(`${sep}node_modules${sep}`);

const swapPlugin = {
  name: 'ralph-hooks-create-swap',
  async resolveId(id, importer, options) {
    if (id === 'ralph-hooks:files') return FILES;
    if (id === 'ralph-hooks:guard-rules') return RULES;
    if ((id === 'node:fs' || id === 'fs') && ours(importer) && importer !== FS_SHIM) return FS_SHIM;
    if (!id.startsWith('.') || importer === undefined) return null;
    const resolved = await this.resolve(id, importer, { ...options, skipSelf: true });
    if (resolved && Object.hasOwn(SWAPPED, resolved.id)) return SWAPPED[resolved.id];
    return resolved;
  },
  load(id) {
    if (id === FILES) return filesModule();
    if (id === RULES) return guardRulesModule(dist);
    if (id === FS_SHIM) {
      // node:fs's other exports, as they are.
      const mine = new Set(['existsSync', 'readFileSync', 'readdirSync', 'statSync', 'lstatSync']);
      const others = Object.keys(fs).filter((name) => !mine.has(name) && name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name));
      return `${readFileSync(FS_SHIM, 'utf8')}\nexport const { ${others.join(', ')} } = real;\nexport default real;\n`;
    }
    return null;
  },
};

// zod comes in through dist/src/zod.js, zod bundled by scripts/bundle-zod.mjs.
const { plugin: notices, notices: noticeText } = noticesPlugin([join(repo, 'node_modules/zod')]);
const started = Date.now();
await build({
  input: join(own, 'entry.js'),
  platform: 'node',
  logLevel: 'warn',
  // The swap plugin resolves every relative import itself: no need to be told it takes time.
  checks: { pluginTimings: false },
  plugins: [swapPlugin, stubPlugin(), ownPackageJsonPlugin(), notices],
  output: {
    file: out,
    format: 'esm',
    codeSplitting: false,
    minify: true,
    banner: '#!/usr/bin/env node\n// create-ralph-hooks: `ralph-hooks init` in one file, bundled by scripts/bundle-create.mjs (npm run build) with the templates and every package it needs; their licences: THIRD-PARTY-NOTICES.txt. Do not edit.',
  },
});
fs.chmodSync(out, 0o755);
// The generator came bundled already, Yeoman in it: its notices are the rest.
const generatorNotices = readFileSync(join(dist, 'generators/app/THIRD-PARTY-NOTICES.txt'), 'utf8').replace(/^.*\n\n/, '');
writeFileSync(join(repo, 'create', 'THIRD-PARTY-NOTICES.txt'), `index.js bundles ralph-hooks and these packages:\n\n${noticeText()}\n${'-'.repeat(72)}\n\n${generatorNotices}`);
console.log(`bundled create-ralph-hooks into ${relative(repo, out)} (${Math.round(fs.statSync(out).size / 1024)} KB, ${Date.now() - started} ms)`);
