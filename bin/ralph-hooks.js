#!/usr/bin/env node
// Thin shim: the CLI lives in cli/main.ts, compiled to dist/ and bundled into dist/bin/.
import { main } from '../dist/bin/ralph-hooks.js';

process.exitCode = await main(process.argv.slice(2));
