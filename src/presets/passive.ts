import { z } from '../zod.js';
import { completionContext, specTemplateWording, specumOptions } from './specum.js';
import type { Preset } from './types.js';

/**
 * The passive observer (seed 003): runs beside a loop plugin that owns the loop (the
 * official ralph-loop, or this package's `loop` preset). It never writes to stdout; it
 * logs the spec, task progress and iteration on stderr, warns about a corrupt state file
 * or a reached iteration limit, notices the completion signal as a backup, and cleans
 * orphaned .progress-task-*.md files. Same template as specum, rendered passive.
 */
export const passiveOptions = specumOptions.omit({ onMaxIterations: true, onStopHookActive: true, stallLimit: true, displayName: true, maxTokens: true, maxCostUsd: true, maxMinutes: true });

export type PassiveOptions = z.infer<typeof passiveOptions>;

export const passive: Preset<PassiveOptions> = {
  id: 'passive',
  kind: 'stop-watcher',
  summary: 'only watches, beside another loop plugin that keeps the agent going: logs spec progress, never blocks a stop',
  options: passiveOptions,
  files: (entry) => [{ template: 'stop-watcher/spec.sh.hbs', path: `${entry.name}.sh`, executable: true }],
  registrations: (entry) => [{ event: 'Stop', script: `${entry.name}.sh`, timeout: entry.timeout }],
  context: (entry) => ({
    ...specTemplateWording({ noun: 'spec', family: 'ralph-specum', passive: true }),
    ...completionContext(entry.options),
    memoryFileName: `${entry.name}.last-block`,
  }),
};
