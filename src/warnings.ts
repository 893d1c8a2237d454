/**
 * Likely mistakes in a valid config: printed by generate, add and init (on stderr) and by
 * doctor (RH13). A warning never stops a command; it says what will happen and the fix.
 */
import type { RalphHooksConfig } from './config/schema.js';
import { TARGETS } from './targets/index.js';
import { loopStateFile, type LoopOptions } from './presets/loop.js';
import { hasSlashCommands } from './presets/types.js';
import type { Target } from './targets/types.js';
import { rhCommand } from './package-managers/project.js';

export interface ConfigWarning {
  message: string;
  fix: string;
}

/** Stop-watchers that answer a Stop with a block (the passive one only observes). */
export const BLOCKING_STOP_WATCHERS = new Set(['specum', 'speckit', 'loop']);

/** The state file the official ralph-loop plugin's /ralph-loop command writes. */
const OFFICIAL_LOOP_STATE = '.claude/ralph-loop.local.md';

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
    // Without slash commands (Codex, Copilot…) the loop's own setup script writes its state.
    if (hook.preset !== 'loop' || !hasSlashCommands(target)) continue;
    const options = hook.options as LoopOptions;
    const state = loopStateFile(options);
    if (!options.commands && state !== OFFICIAL_LOOP_STATE) {
      warnings.push({
        message: `hook '${hook.name}' reads its loop state from ${state}, but no registered command writes that file: "commands" is false, and the official ralph-loop plugin's /ralph-loop writes ${OFFICIAL_LOOP_STATE}. The loop never starts.`,
        fix: `set "commands": true in its options (ralph-hooks then generates /${options.loopCommand} for this state file), or use "runtime": "bash" with the plugin's state file.`,
      });
    }
  }
  return warnings;
}

/** The warnings as stderr lines. */
export function formatWarnings(warnings: ConfigWarning[]): string {
  return warnings.map((w) => `warning: ${w.message}\n  fix: ${w.fix}`).join('\n');
}
