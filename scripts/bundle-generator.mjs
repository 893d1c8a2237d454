#!/usr/bin/env node
/**
 * Part of `npm run build`, after tsc: dist/generators/app/index.js, the generator of the
 * interactive `ralph-hooks init`, gets yeoman-generator and yeoman-environment bundled into it
 * (minified), so that neither is a dependency of the published package: they and their ~290
 * packages were what made installing ralph-hooks heavy, for a path only `init` on a terminal
 * takes. The generator's own imports of ralph-hooks (./init-flow.js, …) stay imports.
 *
 * The licence notices of what was bundled go beside it, in THIRD-PARTY-NOTICES.txt.
 * scripts/bundle-create.mjs takes the stubs and the notices from here.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'rolldown';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Packages Yeoman imports for what ralph-hooks never asks of it: installing generators from
 * a registry (fly-import: npm's arborist, pacote, sigstore, tar: half the size) and git
 * through simple-git (`this.git`). Each is replaced by a module whose functions throw, so a
 * use would say so rather than misbehave.
 */
const STUBS = {
  'fly-import': `export class FlyRepository { constructor() {} async install() { unavailable('installing generators'); } async import() { unavailable('installing generators'); } }\nexport const flyImport = () => unavailable('installing generators');`,
  'simple-git': `export const simpleGit = () => unavailable('git'); export const CheckRepoActions = {}; export const CleanOptions = {};`,
};

export function stubPlugin() {
  return {
    name: 'ralph-hooks-stubs',
    resolveId(id) {
      if (Object.hasOwn(STUBS, id)) return `\0stub:${id}`;
    },
    load(id) {
      if (!id.startsWith('\0stub:')) return;
      const name = id.slice('\0stub:'.length);
      return `function unavailable(what) { throw new Error(\`\${what} is not bundled with ralph-hooks (${name})\`); }\n${STUBS[name]}\n`;
    },
  };
}

/**
 * Where Yeoman reads its own package.json from beside its files, which a bundle has not: the
 * text read is put in its place. Each pattern must match (a Yeoman update that moves one fails
 * the build here rather than the init of a user).
 */
const OWN_PACKAGE_JSON = [
  { file: 'yeoman-generator/dist/generator.js', text: "JSON.parse(readFileSync(pathJoin(_dirname, '../package.json'), 'utf8'))" },
  { file: 'yeoman-environment/dist/module-lookup.js', text: "JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json')).toString())" },
  { file: 'yeoman-environment/dist/environment-base.js', text: "require('../package.json')" },
];

export function ownPackageJsonPlugin() {
  return {
    name: 'ralph-hooks-own-package-json',
    transform(code, id) {
      const entry = OWN_PACKAGE_JSON.find((e) => id.endsWith(`${sep}node_modules${sep}${e.file.split('/').join(sep)}`));
      if (!entry) return null;
      if (!code.includes(entry.text)) throw new Error(`${id}: expected ${entry.text} (see OWN_PACKAGE_JSON in scripts/bundle-generator.mjs)`);
      const pkg = JSON.parse(readFileSync(join(dirname(id), '..', 'package.json'), 'utf8'));
      const { name, version, type } = pkg;
      return { code: code.replace(entry.text, `(${JSON.stringify({ name, version, type })})`), map: null };
    },
  };
}

/** The package folder of a module file in node_modules, or undefined. */
function packageDirOf(file) {
  const marker = `${sep}node_modules${sep}`;
  const at = file.lastIndexOf(marker);
  if (at < 0) return undefined;
  const rest = file.slice(at + marker.length).split(sep);
  return file.slice(0, at + marker.length) + (rest[0].startsWith('@') ? join(rest[0], rest[1]) : rest[0]);
}

/** A plugin that collects the packages whose code made it into the output: `notices()` their licences. */
export function noticesPlugin(alsoBundled = []) {
  const dirs = new Set(alsoBundled);
  const plugin = {
    name: 'ralph-hooks-notices',
    renderChunk(_code, chunk) {
      for (const [id, info] of Object.entries(chunk.modules)) {
        if (info.renderedLength === 0) continue;
        const dir = packageDirOf(id.replace(/^\0/, ''));
        if (dir) dirs.add(dir);
      }
      return null;
    },
  };
  const notices = () => {
    const packages = [...dirs].map((dir) => {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      const licenseFile = ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'license', 'license.md', 'LICENCE', 'LICENSE-MIT'].map((f) => join(dir, f)).find((f) => existsSync(f));
      return { name: pkg.name, version: pkg.version, license: typeof pkg.license === 'string' ? pkg.license : JSON.stringify(pkg.license ?? 'unknown'), text: licenseFile ? readFileSync(licenseFile, 'utf8').trim() : undefined };
    });
    packages.sort((a, b) => a.name.localeCompare(b.name));
    const seen = new Set();
    const unique = packages.filter((p) => !seen.has(`${p.name}@${p.version}`) && seen.add(`${p.name}@${p.version}`));
    return unique.map((p) => `${p.name}@${p.version} (${p.license})\n\n${p.text ?? `(no licence file in the package; its package.json says ${p.license})`}\n`).join(`\n${'-'.repeat(72)}\n\n`);
  };
  return { plugin, notices };
}

async function main() {
  const file = join(repo, 'dist/generators/app/index.js');
  const dist = join(repo, 'dist') + sep;
  const { plugin, notices } = noticesPlugin();
  const temp = `${file}.bundling`;
  await build({
    input: file,
    platform: 'node',
    logLevel: 'warn',
    // Our own modules stay imports (one InitFlow, one project state, shared with the CLI).
    external: (id, importer) => id.startsWith('.') && importer !== undefined && importer.startsWith(dist) && !importer.includes(`${sep}node_modules${sep}`),
    plugins: [stubPlugin(), ownPackageJsonPlugin(), plugin],
    output: {
      file: temp,
      format: 'esm',
      minify: true,
      codeSplitting: false,
      banner: '// The ralph-hooks init generator, with yeoman-generator and yeoman-environment bundled by scripts/bundle-generator.mjs (npm run build); their licences: THIRD-PARTY-NOTICES.txt. Do not edit.',
    },
  });
  renameSync(temp, file);
  writeFileSync(join(dirname(file), 'THIRD-PARTY-NOTICES.txt'), `The generator in index.js bundles these packages:\n\n${notices()}`);
  console.log(`bundled Yeoman into ${file.slice(repo.length + 1)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
