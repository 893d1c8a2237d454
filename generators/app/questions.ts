/**
 * The initializer's questions, as data: each has a flag, a default for --yes, and
 * the list of allowed answers, so prompts, flags and help text cannot drift apart.
 */
import { EXTRA_IDS, type ExtraId } from '../../src/config/schema.js';
import { TARGETS, type TargetId } from '../../src/targets/index.js';
import { PRESETS } from '../../src/presets/index.js';
import { didYouMean } from '../../cli/commands/args.js';

export interface InitAnswers {
  target: TargetId;
  stopWatcher: string;
  /** The PreToolUse guard's preset, or 'none'. */
  guard: string;
  /** The loop's runtime; asked (and written) only when the stop-watcher is the loop. */
  runtime?: 'bash' | 'node';
  /** The extras to turn on (ralph-hooks.config.json `extras`). */
  extras: ExtraId[];
  /** The stop-watcher's cost cap in US dollars (maxCostUsd); asked only for presets with budgets; undefined: none. */
  maxCostUsd?: number;
}

export interface Question<K extends keyof InitAnswers> {
  name: K;
  flag: string;
  message: string;
  choices: { value: InitAnswers[K]; name: string }[];
  default: InitAnswers[K];
}

const stopWatcherPresets = PRESETS.filter((p) => p.kind === 'stop-watcher');
/** Guards that work with no options (an adapter that wraps another hook needs its command: `add` it). */
const guardPresets = PRESETS.filter((p) => p.kind === 'guard' && p.options.safeParse({}).success);

export const QUESTIONS = [
  {
    name: 'target',
    flag: 'target',
    message: 'Where do the hooks go?',
    choices: Object.entries(TARGETS).map(([value, t]) => ({ value: value as TargetId, name: `${value}: ${t.summary}` })),
    default: 'claude-project',
  } satisfies Question<'target'>,
  {
    name: 'stopWatcher',
    flag: 'stop-watcher',
    message: 'Which stop-watcher keeps the loop going?',
    choices: [...stopWatcherPresets.map((p) => ({ value: p.id, name: `${p.id}: ${p.summary}` })), { value: 'none', name: 'none: no stop-watcher' }],
    default: 'specum',
  } satisfies Question<'stopWatcher'>,
  {
    name: 'guard',
    flag: 'guard',
    message: 'Add a guard that refuses dangerous commands before they run?',
    choices: [...guardPresets.map((p) => ({ value: p.id, name: `${p.id}: ${p.summary}` })), { value: 'none', name: 'none: no guard (turn it off later with init --guard none)' }],
    /** On by default: a loop left alone runs guarded unless its owner says otherwise (--guard none). */
    default: 'guard',
  } satisfies Question<'guard'>,
] as const;

/** Check a flag's value against the question's choices; the message names the flag and the choices. */
export function validateAnswer(question: { flag: string; choices: readonly { value: string }[] }, value: string): string | undefined {
  if (question.choices.some((c) => c.value === value)) return undefined;
  const values = question.choices.map((c) => c.value);
  return `--${question.flag}: got '${value}'; allowed: ${values.join(', ')}.${didYouMean(value, values)}`;
}

/**
 * What init adds beside the hooks: one checkbox, a choice per extra, each also a flag.
 * `--extras vitest,cases` (or `all`, `none`) sets the whole list; `--no-<flag>` drops one.
 */
const EXTRA_LABELS: Record<ExtraId, string> = {
  vitest: 'vitest tests for each hook (test/hooks/<name>.vitest.ts)',
  bats: 'a bats file for each hook (test/hooks/<name>.bats)',
  cases: 'starter recorded cases (test/hook-cases/<name>/)',
  scenarios: 'real-client scenarios (test/hook-scenarios/<name>/; needs the claude package)',
  workflow: 'a GitHub Actions workflow (.github/workflows/ralph-hooks.yml)',
  packageJson: 'package.json: test:hooks script and devDependencies (merged)',
};

export const EXTRA_CHOICES: { value: ExtraId; flag: string; label: string; name: string }[] = EXTRA_IDS.map((id) => ({
  value: id,
  flag: id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
  label: EXTRA_LABELS[id],
  name: EXTRA_LABELS[id],
}));

export const EXTRAS_QUESTION = {
  name: 'extras',
  flag: 'extras',
  message: 'What else should init add?',
  choices: EXTRA_CHOICES,
  /** --yes on a new project: everything but the real-client scenarios, which need Claude Code installed (opt-in). */
  default: EXTRA_IDS.filter((id) => id !== 'scenarios') as ExtraId[],
} as const;

/** Parse `--extras a,b` (or all / none): the list, or a message naming the flag and the choices. */
export function parseExtrasFlag(value: string): ExtraId[] | string {
  const trimmed = value.trim();
  if (trimmed === 'all') return [...EXTRA_IDS];
  if (trimmed === 'none' || trimmed === '') return [];
  const items = trimmed.split(',').map((s) => s.trim()).filter(Boolean);
  const byName = (item: string) => EXTRA_CHOICES.find((c) => c.value === item || c.flag === item)?.value;
  const unknown = items.filter((item) => !byName(item));
  if (unknown.length) return `--extras: got '${unknown.join(',')}'; allowed: a comma-separated list of ${EXTRA_CHOICES.map((c) => c.flag).join(', ')}, or all, or none.`;
  return EXTRA_IDS.filter((id) => items.some((item) => byName(item) === id));
}

/** Asked after the stop-watcher, only when it is the loop. */
export const RUNTIME_QUESTION = {
  name: 'runtime',
  flag: 'runtime',
  message: 'Which runtime for the loop?',
  choices: [
    { value: 'bash', name: "bash: a bash + jq script reading the official loop plugin's state file" },
    { value: 'node', name: 'node: a standalone Node script (no dependencies) with JSON state' },
  ],
  default: 'bash',
} as const;

/** Asked after the stop-watcher (and the runtime), only for the presets with budgets. */
export const COST_QUESTION = {
  name: 'maxCostUsd',
  flag: 'max-cost-usd',
  message: 'Stop the loop once it has cost this many US dollars (empty: no cap)',
  presets: ['loop', 'specum', 'speckit'] as readonly string[],
} as const;

/** A cost cap as typed: a positive number of dollars, or '' / 'none' for no cap (undefined). An error text otherwise. */
export function parseCostCap(value: string): number | undefined | string {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'none') return undefined;
  const dollars = /^\$?(\d{1,9}(\.\d{1,4})?)$/.exec(trimmed);
  if (!dollars || Number(dollars[1]) <= 0) return `--max-cost-usd: got '${value}'; give a positive number of US dollars (5, 2.50), or none for no cap.`;
  return Number(dollars[1]);
}
