#!/usr/bin/env node
/**
 * Part of `npm run build`, after tsc: dist/src/zod.js, which tsc compiled to a re-export of
 * the zod package, becomes zod itself in one file. Every module of ralph-hooks (and every
 * guard rule) takes zod from that one module, so there is still one zod; a start loads one
 * file instead of zod's 48 (some 35 ms less CPU per `ralph-hooks` command).
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(repo, 'dist/src/zod.js');
await build({
  input: join(repo, 'src/zod.ts'),
  platform: 'node',
  logLevel: 'warn',
  output: { file: out, format: 'esm', banner: '// zod, bundled by scripts/bundle-zod.mjs (npm run build) from src/zod.ts. Do not edit.' },
});
console.log(`bundled zod into ${out.slice(repo.length + 1)}`);
