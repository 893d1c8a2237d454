/**
 * Dependencies most commands never need, loaded on first use rather than at start: the TOML
 * parser (Codex's and forgeflare's files), the diff printer (conflicts, --dry-run) and the
 * full Handlebars, parser and compiler (templates the build did not precompile). Imported up
 * front, each cost every `ralph-hooks` start some 12–20 ms of CPU.
 */
import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

export const smolToml = (): typeof import('smol-toml') => requireHere('smol-toml');
export const diffLibrary = (): typeof import('diff') => requireHere('diff');
export const fullHandlebars = (): typeof import('handlebars') => requireHere('handlebars');
