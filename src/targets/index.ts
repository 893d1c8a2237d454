/** The target registry: one line per target. Adding an agent is adding a file here. */
import { claudeProject } from './claude-project.js';
import { claudePlugin } from './claude-plugin.js';
import { forgeflare } from './forgeflare.js';
import { codexProject } from './codex-project.js';
import { qwenProject } from './qwen-project.js';
import { copilotProject } from './copilot-project.js';
import { geminiProject } from './gemini-project.js';
import { droidProject } from './droid-project.js';
import type { Target } from './types.js';

export const TARGETS = {
  'claude-project': claudeProject,
  'claude-plugin': claudePlugin,
  forgeflare,
  'codex-project': codexProject,
  'qwen-project': qwenProject,
  'copilot-project': copilotProject,
  'gemini-project': geminiProject,
  'droid-project': droidProject,
} as const satisfies Record<string, Target>;

export type TargetId = keyof typeof TARGETS;
export type { AgentId, InputFields, StopBehaviour, Target, TranscriptFormat } from './types.js';
