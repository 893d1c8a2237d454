import { z } from '../zod.js';
import { budgetOptions } from '../loop-record/budgets.js';
import { pathOption } from './path-option.js';
import { ereEscape } from '../util/ere.js';
import { jsonObjectIn } from '../util/json-text.js';
import { countOrNull, readStateText, type RunningLoop } from './state-files.js';
import { blockCapOf, lifecycleRegistrations, type Preset, type PresetTarget } from './types.js';
import { agentsWhere, selfBounded } from '../targets/index.js';

/**
 * ralph-specum's JSON stop-watcher (seed 000): keeps Claude working through a spec's
 * task list until the state file says it is done or the completion signal appears.
 */
export const specumOptions = z.strictObject({
  stateFile: pathOption().default('.ralph-state.json')
    .describe('Name of the state file inside the current spec folder.'),
  specsDirs: z.array(pathOption()).min(1).default(['./specs'])
    .describe('Spec folders, first one holds the current-spec marker. A `specs_dirs: [..]` line in the settings frontmatter overrides it at run time.'),
  currentSpecFile: pathOption().default('.current-spec')
    .describe('Marker file (in the first spec folder) naming the active spec.'),
  settingsFile: pathOption().default('.claude/ralph-specum.local.md')
    .describe('Settings file whose frontmatter `enabled: false` turns the hook off.'),
  completionSignal: z.string().regex(/^[^\n\r]+$/, 'must be one line of text').default('ALL_TASKS_COMPLETE')
    .describe('Text in the transcript that ends the loop.'),
  completionMatch: z.enum(['line', 'word']).default('line')
    .describe("'line': the signal starts a line of text (as the ralph-specum plugin's hook); 'word': anywhere as a whole word (as later ralph-specum versions; also matches **bold** and headings)."),
  completionSource: z.enum(['auto', 'transcript']).default('auto')
    .describe("'auto': search last_assistant_message when Claude Code sends it (2.1.47+; current, and free: no file read), else the transcript's tail; 'transcript': always the transcript's tail (as the ralph-specum plugin's hook)."),
  transcriptTailBytes: z.int().min(1024).default(262144)
    .describe('How much of the end of the transcript is searched: a 200 MB transcript costs what a 1 KB one does.'),
  maxGlobalIterations: z.int().min(1).default(100)
    .describe('Iteration limit used when the state file has no maxGlobalIterations.'),
  onMaxIterations: z.enum(['block', 'allow']).default('block')
    .describe("'block': tell Claude the limit was reached with recovery steps (as the ralph-specum plugin's hook); 'allow': log to stderr and let Claude stop (as later ralph-specum versions)."),
  onStopHookActive: z.enum(['progress', 'allow', 'continue']).optional()
    .describe(`When Claude is already continuing because of this hook (stop_hook_active, which Claude Code sends on every stop of a continued turn): 'progress' continues only when the state changed since this hook's last block in this session, else lets Claude stop; 'allow' always lets it stop (as the ralph-specum plugin's hook: one continuation per natural stop); 'continue' always continues, bounded by maxGlobalIterations and Claude Code's block cap (like the official loop plugin). Default: 'progress'; 'continue' under agents without a block cap or a reliable stop_hook_active (${agentsWhere((target) => selfBounded(target.stop))}), bounded by stallLimit instead.`),
  stallLimit: z.int().min(0).max(1_000_000).optional()
    .describe(`How many times in a row the hook keeps the agent working while the task index stays where it is; after that it lets the agent stop and says why. For agents without a block cap of their own. Default: 0 (off) under ${agentsWhere((target) => !selfBounded(target.stop))}, whose block cap bounds the loop; 10 under ${agentsWhere((target) => selfBounded(target.stop))}, which have none (or no stop_hook_active to trust).`),
  stateSettleMs: z.int().min(0).max(10000).default(1000)
    .describe('While the state file does not parse, re-read it for up to this long (it may be half-written) before reporting it corrupt.'),
  orphanMinutes: z.int().min(1).default(60)
    .describe('Age after which .progress-task-*.md files in the spec folder are deleted.'),
  ...budgetOptions,
  logPrefix: z.string().regex(/^[\w.:-]+$/, 'letters, digits, _ . : - only').default('ralph-specum')
    .describe('Prefix of every stderr line: [ralph-specum] …'),
  displayName: z.string().min(1).default('Ralph-specum')
    .describe('Name at the start of systemMessage texts.'),
  commands: z.strictObject({
    implement: z.string().min(1).default('/ralph-specum:implement'),
    cancel: z.string().min(1).default('/ralph-specum:cancel'),
  }).prefault({}).describe('Slash commands named in the recovery text.'),
});

export type SpecumOptions = z.infer<typeof specumOptions>;

/** Where a spec stop-watcher finds the current spec: its folder, the marker file naming it, its state file's name and limit. */
export interface SpecLocation {
  specsDir: string;
  marker: string;
  stateFile: string;
  maxGlobalIterations: number;
}

/** The spec the marker names, and its state file's globalIteration (specum and speckit); null when none. */
export function runningSpec(root: string, hook: string, preset: string, where: SpecLocation): RunningLoop | null {
  const specsDir = where.specsDir.replace(/\/+$/, '');
  const spec = readStateText(root, where.marker)?.split('\n')[0]?.replace(/\s/g, '').replace(/\/$/, '');
  if (!spec) return null;
  const specPath = spec.startsWith('./') || spec.startsWith('/') ? spec : `${specsDir}/${spec}`;
  const stateFile = `${specPath}/${where.stateFile}`.replace(/^\.\//, '');
  const text = readStateText(root, stateFile);
  if (text === null) return null;
  const state = jsonObjectIn(text);
  return { hook, preset, stateFile, iteration: countOrNull(state?.globalIteration), limit: countOrNull(state?.maxGlobalIterations ?? where.maxGlobalIterations) };
}

export const specum: Preset<SpecumOptions> = {
  id: 'specum',
  kind: 'stop-watcher',
  blocksStop: true,
  running: (root, entry) => {
    const specsDir = entry.options.specsDirs[0]!.replace(/\/+$/, '');
    return runningSpec(root, entry.name, 'specum', { specsDir, marker: `${specsDir}/${entry.options.currentSpecFile}`, stateFile: entry.options.stateFile, maxGlobalIterations: entry.options.maxGlobalIterations });
  },
  summary: 'works through a spec\'s task list (specs/<name>/), one task per turn, until every task is done; reads the files the ralph-specum plugin writes',
  options: specumOptions,
  files: (entry) => [{ template: 'stop-watcher/spec.sh.hbs', path: `${entry.name}.sh`, executable: true }],
  registrations: (entry, target) => {
    const stop = { event: 'Stop', script: `${entry.name}.sh`, timeout: entry.timeout } as const;
    return [stop, ...lifecycleRegistrations(stop, target)];
  },
  context: (entry, target) => ({
    ...specTemplateWording({ noun: 'spec', family: 'ralph-specum' }),
    ...completionContext(entry.options),
    memoryFileName: `${entry.name}.last-block`,
    ...continuationContext(entry.options, target),
  }),
};

/**
 * Where the agent has no block cap of its own or its stop_hook_active cannot be trusted (its
 * target's `stop`: selfBounded), the hook counts continuations without progress itself and
 * stops after this many.
 */
export const DEFAULT_STALL_LIMIT = 10;

/**
 * onStopHookActive and stallLimit as the target needs them. The resolved values also
 * replace the options the templates see (starter cases branch on onStopHookActive).
 */
export function continuationContext(options: Pick<SpecumOptions, 'onStopHookActive' | 'stallLimit'>, target?: PresetTarget) {
  const blockCap = blockCapOf(target);
  const boundsItself = selfBounded({ blockCap, stopHookActiveReliable: target?.stop?.stopHookActiveReliable !== false });
  const onStopHookActive = options.onStopHookActive ?? (boundsItself ? 'continue' : 'progress');
  const stallLimit = options.stallLimit ?? (boundsItself ? DEFAULT_STALL_LIMIT : 0);
  return {
    options: { ...options, onStopHookActive, stallLimit },
    guardStopHookActive: onStopHookActive === 'allow',
    stallLimit,
    blockCap,
    // Only 'continue' can block as often as the agent's cap without progress ('progress' stops first).
    countBlocks: blockCap !== null && onStopHookActive === 'continue',
  };
}

/** What the template needs to find the completion signal, in the transcript and in the last message. */
export function completionContext(options: Pick<SpecumOptions, 'completionSignal' | 'completionMatch' | 'completionSource'>) {
  return {
    completionPattern: completionPattern(options.completionSignal, options.completionMatch),
    messagePattern: messagePattern(options.completionSignal, options.completionMatch),
    completionSource: options.completionSource,
  };
}

/** The same test as completionPattern for jq's test() (Oniguruma), on the plain text of the last message. */
export function messagePattern(signal: string, match: 'line' | 'word'): string {
  const literal = signal.replace(/[\\^$.|?*+()[\]{}\/-]/g, '\\$&');
  return match === 'line' ? `(^|\\n)${literal}(\\s|$)` : `(^|[^A-Za-z0-9_])${literal}([^A-Za-z0-9_]|$)`;
}

/**
 * What templates/stop-watcher/spec.sh.hbs varies on, besides the options: the speckit
 * and passive presets render the same template with other values (variants are edits).
 */
export interface SpecTemplateWording {
  /** 'spec' or 'feature': "Continue spec: …", "Session stopped during feature: …". */
  noun: string;
  /** Named in the script's header comment. */
  family: string;
  /** Never print to stdout: log, warn and clean up only (seed 003). */
  passive?: boolean;
  /** The current-spec marker is a path from the project root, not a file in the specs folder. */
  markerFromRoot?: boolean;
}

export function specTemplateWording(wording: SpecTemplateWording): Required<SpecTemplateWording> {
  return { passive: false, markerFromRoot: false, ...wording };
}

/**
 * The grep -E pattern for the completion signal. Transcripts are JSONL, so a line of
 * the assistant's text also starts after `"text":"` (or `"content":"`, in events) or an
 * escaped newline (`\n`).
 */
export function completionPattern(signal: string, match: 'line' | 'word'): string {
  const literal = ereEscape(signal);
  return match === 'line'
    ? `(^|"(text|content)"[[:space:]]*:[[:space:]]*"|\\\\n)${literal}([[:space:]]|\\\\[nrt]|"|$)`
    : `(^|[^[:alnum:]_]|\\\\n)${literal}([^[:alnum:]_]|$)`;
}
