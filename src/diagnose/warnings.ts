/**
 * Likely mistakes in a valid config: printed by generate, add and init (on stderr) and by
 * doctor (RH13). A warning never stops a command; it says what will happen and the fix.
 */
import type { RalphHooksConfig } from '../config/schema.js';
import { TARGETS } from '../targets/index.js';
import { PRESETS, findPreset } from '../presets/index.js';
import type { ConfigWarning } from '../presets/types.js';
import type { Target } from '../targets/types.js';
import { rhCommand } from '../package-managers/project.js';

export type { ConfigWarning } from '../presets/types.js';

/** Stop-watchers that answer a Stop with a block (the passive one only observes). */
export const BLOCKING_STOP_WATCHERS: ReadonlySet<string> = new Set(PRESETS.filter((preset) => 'blocksStop' in preset && preset.blocksStop).map((preset) => preset.id));

export function configWarnings(config: RalphHooksConfig): ConfigWarning[] {
  const warnings: ConfigWarning[] = [];
  const target: Target = TARGETS[config.target];
  const blocking = config.hooks.filter((h) => h.kind === 'stop-watcher' && BLOCKING_STOP_WATCHERS.has(h.preset));
  if (blocking.length > 1) {
    warnings.push({
      message: `${blocking.length} stop-watchers can block a stop (${blocking.map((h) => `'${h.name}' (${h.preset})`).join(', ')}): ${target.agentName} runs them side by side, so whichever blocks keeps the agent going, and their messages mix.`,
      fix: `keep one of them, e.g. ${rhCommand(`remove ${blocking[blocking.length - 1]!.name}`)}; or turn one into the passive observer.`,
    });
  }
  for (const hook of config.hooks) {
    warnings.push(...(findPreset(hook.preset)?.configWarnings?.(hook as never, target) ?? []));
  }
  return warnings;
}

/** The warnings as stderr lines. */
export function formatWarnings(warnings: ConfigWarning[]): string {
  return warnings.map((w) => `warning: ${w.message}\n  fix: ${w.fix}`).join('\n');
}
