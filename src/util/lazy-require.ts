/**
 * Dependencies most commands never need, loaded on first use rather than at start: the TOML
 * parser (Codex's and forgeflare's files), the diff printer (conflicts, --dry-run) and the
 * full Handlebars, parser and compiler (templates the build did not precompile). Imported up
 * front, each cost every `ralph-hooks` start some 12–20 ms of CPU.
 *
 * Also everything else the code loads by a name or a path computed at run time (Handlebars'
 * runtime, the precompiled templates, a guard rule's module, the formatting process), which a
 * bundler cannot follow: create-ralph-hooks, one bundled file (scripts/bundle-create.mjs),
 * puts its own module in the place of this one, with the same exports, importing them all.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const requireHere = createRequire(import.meta.url);

export const smolToml = (): typeof import('smol-toml') => requireHere('smol-toml');
export const diffLibrary = (): typeof import('diff') => requireHere('diff');
export const fullHandlebars = (): typeof import('handlebars') => requireHere('handlebars');
/** Handlebars' runtime, which is all precompiled templates need (the package maps no ESM entry to it). */
export const handlebarsRuntime = (): typeof import('handlebars') => requireHere('handlebars/runtime');

/** The templates `npm run build` precompiled (by the SHA-1 of their source), or null when there are none. */
export function precompiledTemplates(packageRoot: string): Record<string, unknown> | null {
  try {
    return requireHere(join(packageRoot, 'dist/templates.precompiled.cjs')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** A module by its path: a guard rule's rule.js (or rule.ts under the tests). */
export const importModule = (path: string): Promise<Record<string, unknown>> => import(pathToFileURL(path).href);

/** node's arguments that start the formatting process, whose script is `child` (src/formatters/child.ts). */
export const formatterChildArgs = (child: string): string[] => [child];
