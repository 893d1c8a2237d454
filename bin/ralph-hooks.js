#!/usr/bin/env node
// Thin shim: the CLI lives in cli/main.ts, compiled to dist/.
import { main } from '../dist/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
