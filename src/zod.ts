/**
 * zod, for everything in ralph-hooks that builds or reads a schema (guard rules get it
 * through guard-rule.ts): one module, so one zod. The build replaces this file's compiled
 * copy, dist/src/zod.js, with zod itself in one file (scripts/bundle-zod.mjs): loading
 * zod's 48 modules one by one cost every `ralph-hooks` start some 35 ms more. Only the
 * parts src/zod-api.ts names are in it.
 */
export * as z from './zod-api.js';
