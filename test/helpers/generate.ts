/**
 * Generate hooks from a config into a fresh temporary project, the way
 * `ralph-hooks generate` would, and hand back paths to the scripts.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyPlan, diskWriter } from '../../src/generate/apply.js';
import { validateConfig } from '../../src/config/load.js';
import type { RalphHooksConfigInput } from '../../src/config/schema.js';
import { formatJson } from '../../src/util/json-text.js';
import { planGeneration } from '../../src/generate/plan.js';
import { tempDir } from './temp.js';

export interface GeneratedProject {
  root: string;
  /** Absolute path of a generated file, given its path relative to the project root. */
  file(relative: string): string;
}

export function generateProject(config: RalphHooksConfigInput, root = tempDir('ralph-hooks-project-')): GeneratedProject {
  writeFileSync(join(root, 'ralph-hooks.config.json'), formatJson(config));
  applyPlan(planGeneration(root, validateConfig(config)), diskWriter(root));
  return { root, file: (relative) => join(root, relative) };
}

/** The specum stop-watcher with some options, generated into a temp project; returns the script path. */
export function generateHook(preset: string, kind: string, options: Record<string, unknown> = {}): string {
  const project = generateProject({ hooks: [{ kind, preset, options } as any] });
  return project.file(`.claude/hooks/${kind}.sh`);
}
