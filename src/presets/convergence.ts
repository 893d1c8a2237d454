import { z } from '../zod.js';
import { projectPathOption } from './path-option.js';
import { onigPattern } from './regex-option.js';
import { contractTraits } from '../targets/contracts.js';
import type { Preset, PresetTarget } from './types.js';

/**
 * The convergence check (guards-and-convergence.md §4.1): a PostToolUse hook (and
 * PostToolUseFailure under Claude Code) that keeps per-session counters in a state file
 * and signals when the run has converged — or is stuck.
 */
const onig = onigPattern;

const signal = <T extends z.core.$ZodLooseShape>(enabled: boolean, summary: string, shape: T) =>
  z.strictObject({ enabled: z.boolean().default(enabled).describe(`Turn the signal on or off (default ${enabled ? 'on' : 'off'}).`), ...shape })
    .prefault({} as never).describe(summary);

export const TEST_COMMAND = String.raw`(^|[;&|(]\s*|\s)(cargo\s+(test|nextest)|pytest|python3?\s+-m\s+pytest|go\s+test|(npm|pnpm|yarn|bun)\s+(run\s+)?test|npx\s+(jest|vitest)|jest|vitest|bats|make\s+(test|check)|deno\s+test|mvn\s+test|gradle\s+test|rspec|phpunit|ctest)\b`;
export const PASS_PATTERN = String.raw`test result: ok\.|\b[1-9][0-9]* passed\b|^ok\s|^PASS$|\b0 failures\b|\b0 failed\b|^[1-9][0-9]* tests?, 0 failures`;
export const FAIL_PATTERN = String.raw`\b[1-9][0-9]* (failed|failures?|errors?)\b|^FAIL\b|FAILED|panicked|test result: FAILED|^not ok\b`;
export const ERROR_PATTERN = String.raw`error(\[E[0-9]+\])?:|\b[A-Z][A-Za-z]*Error\b|^FAIL\b|FAILED|panicked at|^not ok\b|Exit code [1-9]|Command failed with exit code`;

export const convergenceOptions = z.strictObject({
  signals: z.strictObject({
    clean_test: signal(true, 'N passing test runs in a row with no edit in between; the pass line is read from the tail of the output.', {
      runs: z.int().min(1).max(20).default(3).describe('Passing runs in a row.'),
      testCommand: onig(TEST_COMMAND).describe('Regex (jq/Oniguruma, compiled with jq when the config is read) a Bash command must match to count as a test run.'),
      passPattern: onig(PASS_PATTERN).describe('Regex for a pass line in the tail of the output.'),
      failPattern: onig(FAIL_PATTERN).describe('Regex for a failure line in the tail; a match makes the run a failure.'),
      tailLines: z.int().min(1).max(1000).default(40).describe('How many last lines of the output are searched.'),
    }),
    stable_output: signal(true, 'The same call (tool and input) gave the same output N times in a row (timings, timestamps, PIDs and temp paths ignored).', {
      repeats: z.int().min(2).max(20).default(3),
    }),
    stuck_same_error: signal(true, 'The same error signature (first error line, normalised) N times, edits in between included.', {
      repeats: z.int().min(2).max(20).default(3),
      errorPattern: onig(ERROR_PATTERN).describe('Regex for the line that is the error signature.'),
    }),
    no_progress: signal(true, 'No successful edit for K steps: forgeflare tool_iterations (batches), or tool calls under Claude Code.', {
      steps: z.int().min(2).max(1000).default(20),
    }),
    plan_complete: signal(true, 'After an edit of the plan file, no unchecked "- [ ]" item is left (and at least one is checked).', {
      planFile: projectPathOption('IMPLEMENTATION_PLAN.md').default('IMPLEMENTATION_PLAN.md').describe('Plan file, relative to the project root.'),
    }),
  }).prefault({}).describe('The signals, each with `enabled` and its own options; the first that fires is reported.'),
  stateFile: projectPathOption('.ralph-hooks/state/convergence.json').default('.ralph-hooks/state/convergence.json')
    .describe('State file (counters, recent history, signals), relative to the project root and inside it; replaced atomically under a lock.'),
  claudeOutput: z.enum(['additionalContext', 'block']).default('additionalContext')
    .describe("Claude Code: how a signal reaches Claude — 'additionalContext' (a note beside the tool result) or 'block' (decision: block with the reason; PostToolUseFailure supports only additionalContext)."),
  historySize: z.int().min(0).max(1000).default(100).describe('Recent calls kept in the state file, for debugging and the outer loop.'),
  lockTimeoutSeconds: z.int().min(1).max(120).default(10).describe('How long to wait for the state lock before giving up (fail-open).'),
  logPrefix: z.string().regex(/^[\w.:-]+$/).default('ralph-convergence'),
});

export type ConvergenceOptions = z.infer<typeof convergenceOptions>;

export const convergence: Preset<ConvergenceOptions> = {
  id: 'convergence',
  kind: 'convergence',
  summary: 'PostToolUse convergence check: clean_test, stable_output, stuck_same_error, no_progress, plan_complete, from a locked, atomically replaced state file',
  options: convergenceOptions,
  files: (entry) => [{ template: 'convergence/convergence-check.sh.hbs', path: `${entry.name}.sh`, executable: true }],
  // With phases (forgeflare) every call, failed or not, comes to PostToolUse, and a handler without a matcher sees them all.
  registrations: (entry, target?: PresetTarget) => contractTraits(target).phases
    ? [{ event: 'PostToolUse', script: `${entry.name}.sh`, timeout: entry.timeout }]
    : [
        { event: 'PostToolUse', matcher: '*', script: `${entry.name}.sh`, timeout: entry.timeout },
        // Claude Code sends failed calls here, not to PostToolUse; agents without the event send them to PostToolUse.
        { event: 'PostToolUseFailure', matcher: '*', script: `${entry.name}.sh`, timeout: entry.timeout, optional: true },
      ],
  context: (entry) => ({ configJson: JSON.stringify(entry.options.signals) }),
};
