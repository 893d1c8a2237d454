/**
 * Finding the project a command works on: always upward from the current directory,
 * so running in a subfolder never silently creates a second setup there.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { CONFIG_FILE } from '../src/config/schema.js';

export interface ProjectRoot {
  root: string;
  /** Why this folder: it holds the config, it is the git root, or nothing better was found. */
  foundBy: 'config' | 'git' | 'cwd';
}

function findUp(start: string, marker: string): string | undefined {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    if (existsSync(join(dir, marker))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

export function findProjectRoot(start = process.cwd()): ProjectRoot {
  const withConfig = findUp(start, CONFIG_FILE);
  if (withConfig) return { root: withConfig, foundBy: 'config' };
  const gitRoot = findUp(start, '.git');
  if (gitRoot) return { root: gitRoot, foundBy: 'git' };
  return { root: resolve(start), foundBy: 'cwd' };
}
