/**
 * The initializer's questions, as data: each has a flag, a default for --yes, and
 * the list of allowed answers, so prompts, flags and help text cannot drift apart.
 */
import { TARGETS, type TargetId } from '../../src/config/schema.js';
import { PRESETS } from '../../src/presets/index.js';

export interface InitAnswers {
  target: TargetId;
  stopWatcher: string;
}

export interface Question<K extends keyof InitAnswers> {
  name: K;
  flag: string;
  message: string;
  choices: { value: InitAnswers[K]; name: string }[];
  default: InitAnswers[K];
}

const stopWatcherPresets = PRESETS.filter((p) => p.kind === 'stop-watcher');

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
] as const;

/** Check a flag's value against the question's choices; the message names the flag and the choices. */
export function validateAnswer(question: { flag: string; choices: { value: string }[] }, value: string): string | undefined {
  if (question.choices.some((c) => c.value === value)) return undefined;
  return `--${question.flag}: got '${value}'; allowed: ${question.choices.map((c) => c.value).join(', ')}.`;
}
