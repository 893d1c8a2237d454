import { z } from '../zod.js';
import { budgetOptions } from '../loop-record/budgets.js';
import { projectPathOption } from './path-option.js';
import { contractTraits } from '../targets/contracts.js';
import { AGENT_DIRS } from '../targets/index.js';
import { jsonObjectIn } from '../util/json-text.js';
import { countOrNull, readStateText, type RunningLoop } from './state-files.js';
import { blockCapOf, hasLifecycleEvents, hasSlashCommands, lifecycleEvents, lifecycleRegistrations, type ConfigWarning, type HookEntryBase, type Preset, type PresetFile, type PresetTarget } from './types.js';

/** The other agents' own folders, where the loop keeps its state under them. */
const OTHER_AGENT_DIRS = AGENT_DIRS.filter((dir) => dir !== '.claude').map((dir) => `${dir}/`).join(', ');

/**
 * The prompt-driven Ralph loop (claude-code-hooks.md §2): the official ralph-loop plugin,
 * compatible with its state file, with the /ralph-loop and /cancel-ralph commands and
 * their setup script, and with the plugin's known bugs fixed. One preset, two runtimes:
 * `bash` (the plugin's state file, one jq run per stop) and `node` (seed 004: a
 * dependency-free ESM script with JSON state).
 */
export const loopOptions = z.strictObject({
  runtime: z.enum(['bash', 'node']).default('bash')
    .describe("'bash': a bash + jq hook reading the official plugin's .claude/ralph-loop.local.md; 'node': a standalone Node ESM script (no dependencies, no compiler) with JSON state."),
  stateFile: projectPathOption('.claude/ralph-loop.local.md').optional()
    .describe(`State file, relative to the project root. Default: .claude/ralph-loop.local.md (bash, the official plugin's file) or .claude/ralph-loop.local.json (node); under another agent the same names in its own folder (${OTHER_AGENT_DIRS}).`),
  maxIterations: z.int().min(0).max(1_000_000).default(20)
    .describe('Turns in all when /ralph-loop gets no --max-iterations (and for a state file without a limit). 0 = no limit; the loop then ends only on its promise or /cancel-ralph.'),
  transcriptTailBytes: z.int().min(1024).default(262144)
    .describe('How much of the end of the transcript is read when the Stop input has no last_assistant_message.'),
  guidanceHeading: z.string().regex(/^[^\n\r]+$/, 'must be one line of text').default('Guidance')
    .describe('Node runtime: heading under which the state\'s optional "guidance" is appended to the re-fed prompt.'),
  messages: z.enum(['ralph-loop', 'iteration-tracker']).default('ralph-loop')
    .describe("Node runtime: 'ralph-loop' answers like the official plugin (the prompt as reason, a systemMessage, the state removed at the end); 'iteration-tracker' like the standalone iteration tracker: reason \"Ralph Loop iteration N/M. <prompt>\" plus the state's notebookLmGuidance under guidanceHeading, no systemMessage, the loop ends when the transcript contains the completion promise, the state file is kept."),
  commands: z.boolean().default(true)
    .describe('Generate the /ralph-loop and /cancel-ralph slash commands (turn off when the official plugin provides them).'),
  loopCommand: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and dashes').default('ralph-loop')
    .describe('Name of the start command (file <commands folder>/<name>.md).'),
  cancelCommand: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and dashes').default('cancel-ralph')
    .describe('Name of the cancel command.'),
  ...budgetOptions,
  logPrefix: z.string().regex(/^[\w.:-]+$/, 'letters, digits, _ . : - only').default('ralph-loop')
    .describe('Prefix of every stderr line: [ralph-loop] …'),
});

export type LoopOptions = z.infer<typeof loopOptions>;

/** Options that only one runtime has: refused, with the fix, for the other. */
export function checkLoopOptions(options: LoopOptions): string | null {
  if (options.messages === 'iteration-tracker' && options.runtime !== 'node') {
    return `"messages": "iteration-tracker" needs "runtime": "node" (the iteration tracker is a Node script); set "runtime": "node" or remove "messages"`;
  }
  return null;
}
type LoopEntry = HookEntryBase<LoopOptions>;

function extension(entry: LoopEntry): string {
  return entry.options.runtime === 'node' ? 'mjs' : 'sh';
}

/** Where a loop hook remembers the iteration its current turn started at (and that a loop is running). */
export const loopTurnFile = (hook: string) => `.ralph-hooks/state/${hook}.turn`;

export function loopStateFile(options: LoopOptions, target?: PresetTarget): string {
  // In the agent's own folder, beside its hooks: a project of another agent gets no .claude/ folder.
  const dir = target?.agentDir ?? contractTraits(target).alone.agentDir;
  return options.stateFile ?? (options.runtime === 'node' ? `${dir}/ralph-loop.local.json` : `${dir}/ralph-loop.local.md`);
}

/**
 * Ends the quoted here-document that hands /ralph-loop's arguments to the setup script, after
 * a "!" the template puts in front of it: Claude Code fills $ARGUMENTS in with a backslash
 * before every "!" at the start of a line (or after a space), so no line of the arguments can
 * be "!" + this word, whatever the prompt holds (a line that is this word alone is only text).
 */
export const ARGUMENTS_DELIMITER = 'RALPH_LOOP_ARGUMENTS_END';
/**
 * The last line of that here-document, after "!" too (so no line of the arguments can be it):
 * with --checked, the setup script refuses text that does not end with it. Claude Code ends
 * the command's shell block at the first ``` in the text, arguments included; the mark is
 * then missing, and the loop is not started with half a prompt.
 */
export const ARGUMENTS_MARK = 'RALPH_LOOP_ARGUMENTS_COMPLETE';

/**
 * The scripts that are run: bash's, or (node) CommonJS launchers of the ES modules beside them,
 * since Node's ES module loader refuses an entry whose path holds a backslash.
 */
const runExtension = (entry: LoopEntry) => (entry.options.runtime === 'node' ? 'cjs' : 'sh');
const hookFile = (entry: LoopEntry) => `${entry.name}.${runExtension(entry)}`;
const failureFile = (entry: LoopEntry) => `${entry.name}-failure.sh`;
/** The iteration tracker's messages answer every event as a stop: it stays on Stop alone. */
const answersLifecycle = (entry: LoopEntry, target?: PresetTarget) => entry.options.messages !== 'iteration-tracker' && hasLifecycleEvents(target);
const setupFile = (entry: LoopEntry) => `${entry.name}-setup.${runExtension(entry)}`;
/** The setup script from the project root, as a user types it. */
const setupPath = (entry: LoopEntry, target?: PresetTarget) => `${target?.hooksDir ?? '.claude/hooks'}/${setupFile(entry)}`;

/** The state file the official ralph-loop plugin's /ralph-loop command writes. */
const OFFICIAL_LOOP_STATE = '.claude/ralph-loop.local.md';

/** A loop whose state no registered command writes never starts (agents with slash commands; elsewhere the setup script writes it). */
function loopWarnings(entry: LoopEntry, target: PresetTarget): ConfigWarning[] {
  const state = loopStateFile(entry.options);
  if (!hasSlashCommands(target) || entry.options.commands || state === OFFICIAL_LOOP_STATE) return [];
  return [{
    message: `hook '${entry.name}' reads its loop state from ${state}, but no registered command writes that file: "commands" is false, and the official ralph-loop plugin's /ralph-loop writes ${OFFICIAL_LOOP_STATE}. The loop never starts.`,
    fix: `set "commands": true in its options (ralph-hooks then generates /${entry.options.loopCommand} for this state file), or use "runtime": "bash" with the plugin's state file.`,
  }];
}

/** The official plugin's frontmatter: active, iteration, max_iterations (bash runtime). */
function frontmatterLoop(text: string): { active: boolean; iteration: number | null; limit: number | null } | null {
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (!match) return null;
  const field = (key: string) => new RegExp(`^${key}:[ \\t]*"?([^"\\r\\n]*)"?[ \\t]*$`, 'm').exec(match[1]!)?.[1]?.trim();
  const number = (value: string | undefined) => (value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : null);
  return { active: field('active')?.toLowerCase() !== 'false', iteration: number(field('iteration')), limit: number(field('max_iterations')) };
}

/** The loop running now: its state file's iteration and limit (frontmatter for bash, JSON for Node); null when not active. */
function runningLoop(root: string, entry: LoopEntry, target: PresetTarget): RunningLoop | null {
  const options = entry.options;
  const stateFile = loopStateFile(options, target);
  const text = readStateText(root, stateFile);
  if (text === null) return null;
  const base = { hook: entry.name, preset: 'loop', stateFile };
  if (options.runtime === 'bash') {
    const state = frontmatterLoop(text);
    return state === null ? { ...base, iteration: null, limit: null } : state.active ? { ...base, iteration: state.iteration, limit: state.limit ?? options.maxIterations } : null;
  }
  const state = jsonObjectIn(text);
  if (state?.active === false) return null;
  return { ...base, iteration: countOrNull(state?.iteration), limit: countOrNull(state?.maxIterations ?? options.maxIterations) };
}

export const loop: Preset<LoopOptions> = {
  id: 'loop',
  kind: 'stop-watcher',
  blocksStop: true,
  checkOptions: (options) => {
    const message = checkLoopOptions(options);
    return message === null ? null : { path: ['messages'], message };
  },
  configWarnings: loopWarnings,
  running: runningLoop,
  summary: 'feeds one prompt back after every turn until the agent says it is done or a limit is reached (/ralph-loop, like Claude Code\'s ralph-loop plugin); bash or Node',
  options: loopOptions,
  files: (entry, target) => {
    const ext = extension(entry);
    const files: PresetFile[] = [
      { template: `loop/stop-watcher.${ext}.hbs`, path: `${entry.name}.${ext}`, executable: true },
      { template: `loop/setup.${ext}.hbs`, path: `${entry.name}-setup.${ext}`, executable: true },
    ];
    if (entry.options.runtime === 'node') {
      files.push(
        { template: 'loop/launch.cjs.hbs', path: hookFile(entry), executable: true },
        { template: 'loop/launch.cjs.hbs', path: setupFile(entry), executable: true },
      );
      if (answersLifecycle(entry, target) && lifecycleEvents(target).failure) files.push({ template: 'loop/stop-failure.sh.hbs', path: failureFile(entry), executable: true });
    }
    // An agent without project slash commands starts the loop with the setup script itself.
    if (entry.options.commands && hasSlashCommands(target)) {
      // Named by the command, not the hook: two loop hooks clash here whatever their names.
      const clashFix = 'give one of them other command names ("loopCommand" and "cancelCommand" in its options), or "commands": false in the options of the one whose commands you do not use';
      files.push(
        { template: 'loop/ralph-loop.md.hbs', path: `${entry.options.loopCommand}.md`, executable: false, inCommandsDir: true, clashFix },
        { template: 'loop/cancel-ralph.md.hbs', path: `${entry.options.cancelCommand}.md`, executable: false, inCommandsDir: true, clashFix },
      );
    }
    return files;
  },
  registrations: (entry, target) => {
    const stop = { event: 'Stop', script: hookFile(entry), timeout: entry.timeout, interpreter: entry.options.runtime } as const;
    if (!answersLifecycle(entry, target)) return [stop];
    // Node's StopFailure starts through a bash wrapper that keeps it beyond the exiting client's signals.
    const failure = entry.options.runtime === 'node' ? ({ script: failureFile(entry), interpreter: 'bash' } as const) : {};
    return [stop, ...lifecycleRegistrations(stop, target, failure)];
  },
  nextStep: (entry, target) =>
    hasSlashCommands(target)
      ? `Start a loop in ${target?.agentName ?? 'Claude Code'}: /${entry.options.loopCommand} "what to do" --max-iterations 20 --completion-promise DONE`
      : `Start a loop: ${entry.options.runtime} ${setupPath(entry, target)} "what to do" --max-iterations 20 --completion-promise DONE, then start ${target?.agentName ?? 'the agent'} here`,
  context: (entry, target) => ({
    // Command files run their ``` ! block in the session's shell, where CLAUDE_PROJECT_DIR is
    // not set: a project's commands name the script from the project root (where Claude Code
    // starts); a plugin's through ${CLAUDE_PLUGIN_ROOT}, which Claude Code writes into the text.
    pluginRoot: target?.pluginProject === true,
    argumentsDelimiter: ARGUMENTS_DELIMITER,
    argumentsMark: ARGUMENTS_MARK,
    stateFile: loopStateFile(entry.options, target),
    // What messages tell the user to run: the slash command, or where there is none the setup script.
    loopCommand: hasSlashCommands(target) ? `/${entry.options.loopCommand}` : `${entry.options.runtime} ${setupPath(entry, target)}`,
    cancelCommand: hasSlashCommands(target) ? `/${entry.options.cancelCommand}` : `${entry.options.runtime} ${setupPath(entry, target)} --cancel`,
    agentName: target?.agentName ?? 'Claude Code',
    stopHookFile: hookFile(entry),
    setupFile: setupFile(entry),
    setupInterpreter: entry.options.runtime,
    // The hook's own file beside the end record: the turn's first iteration (the block-cap count).
    turnFile: loopTurnFile(entry.name),
    blockCap: blockCapOf(target),
  }),
};
