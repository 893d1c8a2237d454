/**
 * Every file an agent reads hooks from for a project, in the order the agent collects them:
 * what `ralph-hooks explain` merges. Each target lists its agent's files (`hookSources`, read
 * from the clients themselves: see docs/explain.md); this module keeps those that exist and
 * holds the pieces the lists are made of.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { HookFile, SourceKind, SourceOptions } from '../hook-types.js';
import type { Target } from './types.js';

export type { HookFile, SourceKind, SourceOptions } from '../hook-types.js';

/** The agent's hook files that exist, in the order the agent collects their hooks. */
export function hookFiles(target: Target, root: string, options: SourceOptions = {}): HookFile[] {
  return target.hookSources(root, options.env ?? process.env, options).filter((file) => existsSync(file.path));
}

/** A JSON hook file of the project's (`path` relative to it). */
export function projectHookFile(root: string, path: string): HookFile {
  return { kind: 'project', path: join(root, path), base: root, format: 'json' };
}

/** A JSON hook file at an absolute path, of the given source. */
export function hookFileAt(kind: SourceKind, path: string, root: string): HookFile {
  return { kind, path, base: root, format: 'json' };
}

/** The .json files of a folder, in name order (the order the agents read them in). */
export function jsonFilesIn(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => name.endsWith('.json')).sort().map((name) => join(dir, name));
  } catch {
    return [];
  }
}

