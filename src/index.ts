/**
 * The programmatic API of ralph-hooks: what the CLI and the generator are built from.
 * The test helpers live in `ralph-hooks/testkit`.
 */
export { configSchema, configJsonSchema, CONFIG_FILE } from './config/schema.js';
export { TARGETS } from './targets/index.js';
export type { RalphHooksConfig, RalphHooksConfigInput, HookEntry, TargetId } from './config/schema.js';
export { validateConfig, readConfig, ConfigError } from './config/load.js';
export { PRESETS, findPreset } from './presets/index.js';
export type { Preset, HookKind, HookEvent } from './presets/types.js';
export { renderHooks } from './generate/render-hooks.js';
export type { GeneratedFile, HookCommand, RenderedHooks } from './generate/render-hooks.js';
export { planGeneration } from './generate/plan.js';
export type { Plan, FileChange, ChangeStatus } from './generate/plan.js';
export { applyPlan, resolveConflicts, diskWriter, diffOf, ConflictError } from './generate/apply.js';
export type { ConflictPolicy, Writer } from './generate/apply.js';
export { CliError } from './util/errors.js';

import { applyPlan, diskWriter, resolveConflicts, type ConflictPolicy } from './generate/apply.js';
import { readConfig } from './config/load.js';
import { CliError } from './util/errors.js';
import { formatterMissing, planGeneration, type FileChange } from './generate/plan.js';

/** `ralph-hooks generate` as a function: re-render the project at `root` from its config. */
export async function generate(root: string, { onConflict = 'fail' as ConflictPolicy } = {}): Promise<FileChange[]> {
  const planned = planGeneration(root, readConfig(root));
  const refusal = formatterMissing(planned);
  if (refusal) throw new CliError(refusal);
  return applyPlan(await resolveConflicts(planned, onConflict), diskWriter(root));
}
