/**
 * Budgets of the loop and spec presets (maxTokens, maxCostUsd, maxMinutes) and what the
 * stop-watchers need rendered into them to keep the loop record (docs/reports.md): the price
 * table for maxCostUsd, the onLoopEnd command and the runner that bounds it.
 */
import { z } from '../zod.js';
import { priceTable, type PriceTable } from './prices.js';

/** The three optional budgets, shared by the loop, specum and speckit option schemas. */
export const budgetOptions = {
  maxTokens: z.int().min(1).max(1e15).optional()
    .describe('Stop the loop once the tokens its iterations used (input, output, cache reads and writes, as the transcript gives them) reach this many. Counted per session, from the loop record (docs/reports.md). Default: none.'),
  maxCostUsd: z.number().positive().max(1e9).optional()
    .describe('Stop the loop once what its iterations cost, in US dollars by the price table (the built-in list, overridden by the config\'s "prices"), reaches this. A model with no price counts nothing: give it one in "prices". Default: none.'),
  maxMinutes: z.number().positive().max(1e7).optional()
    .describe('Stop the loop once this many minutes have passed since it started (wall time). Default: none.'),
};

export interface Budgets {
  maxTokens?: number | undefined;
  maxCostUsd?: number | undefined;
  maxMinutes?: number | undefined;
}

/** How long an onLoopEnd command may run before it is killed, in seconds. */
export const ON_LOOP_END_SECONDS = 10;

/** Where the onLoopEnd command's output (and its failures) go, relative to the project root. */
export const ON_LOOP_END_LOG = '.ralph-hooks/state/on-loop-end.log';

/**
 * The program that runs the onLoopEnd command, detached from the hook (setsid): bash -c with
 * the command as $2 (the config's text, rendered quoted at generation time; never anything the
 * hook was given), the end record as $3 on its stdin, and $1 seconds before it and everything
 * it started are killed (timeout signals the whole process group). Its output and how it ended
 * go to the log the caller opened on stdout and stderr. A fixed text: the same in bash and Node.
 */
export const ON_LOOP_END_RUNNER = [
  'printf "%s onLoopEnd: %s\\n" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$4"',
  'if command -v timeout >/dev/null 2>&1; then',
  '  timeout -k 2 "$1" bash -c "$2" on-loop-end <<<"$3"',
  'else',
  '  bash -c "$2" on-loop-end <<<"$3" &',
  '  job=$!',
  '  { sleep "$1"; kill -KILL "${job}"; } </dev/null >/dev/null 2>&1 &',
  '  watch=$!',
  '  wait "$job"',
  '  status=$?',
  '  kill "$watch" 2>/dev/null',
  '  (exit "$status")',
  'fi',
  'status=$?',
  'case ${status} in',
  '  0) printf "onLoopEnd: done\\n" ;;',
  '  124 | 137) printf "onLoopEnd: killed after %s s\\n" "$1" ;;',
  '  *) printf "onLoopEnd: failed, exit status %s\\n" "${status}" ;;',
  'esac',
].join('\n');

/** The configs's part that the stop-watchers render: prices and onLoopEnd. */
export interface LoopRecordConfig {
  prices?: PriceTable | undefined;
  onLoopEnd?: string | undefined;
}

/**
 * What a stop-watcher template needs for the loop record: its budgets (null when unset), the
 * price table only when a cost budget needs it, and the onLoopEnd command with its runner.
 */
export function loopRecordContext(options: Budgets, config: LoopRecordConfig) {
  const prices = options.maxCostUsd === undefined ? null : priceTable(config.prices ?? {});
  return {
    budgets: {
      maxTokens: options.maxTokens ?? null,
      maxCostUsd: options.maxCostUsd ?? null,
      maxMinutes: options.maxMinutes ?? null,
      any: options.maxTokens !== undefined || options.maxCostUsd !== undefined || options.maxMinutes !== undefined,
    },
    prices,
    onLoopEnd: config.onLoopEnd ?? '',
    onLoopEndRunner: ON_LOOP_END_RUNNER,
    onLoopEndSeconds: ON_LOOP_END_SECONDS,
    onLoopEndLog: ON_LOOP_END_LOG,
  };
}
