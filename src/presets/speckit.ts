import { z } from '../zod.js';
import { pathOption } from './path-option.js';
import { completionContext, continuationContext, runningSpec, specTemplateWording, specumOptions } from './specum.js';
import { lifecycleRegistrations, type Preset } from './types.js';

/**
 * ralph-speckit's stop-watcher (seed 001): the specum controller with speckit's fixed
 * `.specify/` layout, "feature" wording and its own error table (a reached iteration
 * limit is logged and lets Claude stop instead of blocking). It renders the specum
 * template; only paths, names, wording and defaults differ.
 */
export const speckitOptions = z.strictObject({
  stateFile: pathOption().default('.speckit-state.json')
    .describe('Name of the state file inside the current feature folder.'),
  featuresDir: pathOption().default('./.specify/specs')
    .describe('Folder holding one folder per feature (fixed: speckit has no specs_dirs setting).'),
  currentFeatureFile: pathOption().default('.specify/.current-feature')
    .describe('Marker file naming the active feature, relative to the project root.'),
  settingsFile: pathOption().default('.claude/ralph-speckit.local.md')
    .describe('Settings file whose frontmatter `enabled: false` turns the hook off.'),
  completionSignal: specumOptions.shape.completionSignal,
  completionMatch: specumOptions.shape.completionMatch,
  completionSource: specumOptions.shape.completionSource,
  transcriptTailBytes: specumOptions.shape.transcriptTailBytes,
  maxGlobalIterations: specumOptions.shape.maxGlobalIterations,
  onMaxIterations: z.enum(['block', 'allow']).default('allow')
    .describe("'allow' (as the ralph-speckit plugin's hook): log the limit to stderr and let Claude stop; 'block': tell Claude with recovery steps."),
  onStopHookActive: specumOptions.shape.onStopHookActive,
  stallLimit: specumOptions.shape.stallLimit,
  stateSettleMs: specumOptions.shape.stateSettleMs,
  orphanMinutes: specumOptions.shape.orphanMinutes,
  maxTokens: specumOptions.shape.maxTokens,
  maxCostUsd: specumOptions.shape.maxCostUsd,
  maxMinutes: specumOptions.shape.maxMinutes,
  logPrefix: z.string().regex(/^[\w.:-]+$/, 'letters, digits, _ . : - only').default('ralph-speckit')
    .describe('Prefix of every stderr line: [ralph-speckit] …'),
  displayName: z.string().min(1).default('Ralph-speckit')
    .describe('Name at the start of systemMessage texts.'),
  commands: z.strictObject({
    implement: z.string().min(1).default('/speckit:implement'),
    cancel: z.string().min(1).default('/speckit:cancel'),
  }).prefault({}).describe('Slash commands named in the recovery text.'),
});

export type SpeckitOptions = z.infer<typeof speckitOptions>;

export const speckit: Preset<SpeckitOptions> = {
  id: 'speckit',
  kind: 'stop-watcher',
  blocksStop: true,
  running: (root, entry) => runningSpec(root, entry.name, 'speckit', {
    specsDir: entry.options.featuresDir,
    marker: entry.options.currentFeatureFile,
    stateFile: entry.options.stateFile,
    maxGlobalIterations: entry.options.maxGlobalIterations,
  }),
  summary: 'the same for a spec-kit feature (.specify/specs/<name>/): task by task until every task is done; reads the files the ralph-speckit plugin writes',
  options: speckitOptions,
  files: (entry) => [{ template: 'stop-watcher/spec.sh.hbs', path: `${entry.name}.sh`, executable: true }],
  registrations: (entry, target) => {
    const stop = { event: 'Stop', script: `${entry.name}.sh`, timeout: entry.timeout } as const;
    return [stop, ...lifecycleRegistrations(stop, target)];
  },
  context: (entry, target) => {
    const { featuresDir, currentFeatureFile, ...rest } = entry.options;
    const continuation = continuationContext(rest, target);
    return {
      ...specTemplateWording({ noun: 'feature', family: 'ralph-speckit', markerFromRoot: true }),
      ...completionContext(rest),
      ...continuation,
      // The template speaks specum's option names.
      options: { ...continuation.options, specsDirs: [featuresDir], currentSpecFile: currentFeatureFile },
      memoryFileName: `${entry.name}.last-block`,
    };
  },
};
