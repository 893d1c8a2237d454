import { z } from '../zod.js';
import { pathOption } from './path-option.js';
import { CliError } from '../util/errors.js';
import { contractTraits } from '../targets/contracts.js';
import type { Preset, PresetTarget } from './types.js';

/**
 * cc-compat (guards-and-convergence.md §2.1): runs a hook written for Claude Code under
 * forgeflare. The generated adapter renames forgeflare's fields to Claude Code's, runs the
 * script, and maps its answer (exit 2, deny/ask, decision block) onto forgeflare's actions.
 */
export const ccCompatOptions = z.strictObject({
  script: pathOption().describe('The Claude Code hook to run, relative to the project root (e.g. ".claude/hooks/ralph-guard.sh").'),
  event: z.enum(['PreToolUse', 'PostToolUse', 'Stop']).default('PreToolUse').describe('forgeflare event to register the adapter for.'),
  phase: z.enum(['guard', 'observe']).default('guard').describe('PreToolUse phase.'),
  tools: z.array(z.string().regex(/^[A-Za-z0-9_-]+$/)).default([]).describe('Exact tool names (one hooks.toml entry each); empty: every tool.'),
  interpreter: z.string().regex(/^[A-Za-z0-9_./-]+$/).default('bash').describe('Program that runs the script.'),
  logPrefix: z.string().regex(/^[\w.:-]+$/).default('cc-compat'),
});

export type CcCompatOptions = z.infer<typeof ccCompatOptions>;

export const ccCompat: Preset<CcCompatOptions> = {
  id: 'cc-compat',
  kind: 'guard',
  summary: 'Adapter: run a Claude Code-format hook under forgeflare (fields renamed, exit 2 / deny / ask mapped to block)',
  options: ccCompatOptions,
  files: (entry) => [{ template: 'cc-compat/cc-compat.sh.hbs', path: `${entry.name}.sh`, executable: true }],
  registrations: (entry, target?: PresetTarget) => {
    if (!contractTraits(target).claudeCodeHooksNeedAdapter) {
      throw new CliError(`hooks "${entry.name}": the cc-compat preset adapts Claude Code hooks to forgeflare; with target "${target?.id}" register ${entry.options.script} directly instead.`);
    }
    const { event, phase, tools } = entry.options;
    const base = { event, script: `${entry.name}.sh`, timeout: entry.timeout, ...(event === 'PreToolUse' ? { phase } : {}) };
    return tools.length === 0 ? [base] : tools.map((tool) => ({ ...base, matcher: tool }));
  },
};
