/** The target registry: one line per target. Adding an agent is adding a file here. */
import { claudeProject } from './claude-project.js';
import { claudePlugin } from './claude-plugin.js';
import { forgeflare } from './forgeflare.js';
import { codexProject } from './codex-project.js';
import type { Target } from './types.js';

export const TARGETS = {
  'claude-project': claudeProject,
  'claude-plugin': claudePlugin,
  forgeflare,
  'codex-project': codexProject,
} as const satisfies Record<string, Target>;

export type TargetId = keyof typeof TARGETS;
export type { AgentId, InputFields, Target } from './types.js';
