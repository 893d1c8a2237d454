/**
 * Runs before every test file (vitest's setupFiles). One worker process runs many files, so a
 * file starts where a fresh process would: in the repository, whatever folder the file before
 * it moved into.
 */
import { resolve } from 'node:path';

process.chdir(resolve(import.meta.dirname, '../..'));
