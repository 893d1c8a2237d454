#!/usr/bin/env node
// Thin shim: the CLI lives in src/cli.ts, compiled to dist/.
import { main } from '../dist/src/cli.js';

process.exitCode = await main(process.argv.slice(2));
