/** The preset registry: one line per preset. */
import { loop } from './loop.js';
import { passive } from './passive.js';
import { speckit } from './speckit.js';
import { specum } from './specum.js';
import { guard } from './guard.js';
import { convergence } from './convergence.js';
import { sessionEnd } from './session-end.js';
import { auditLog } from './audit-log.js';
import { ccCompat } from './cc-compat.js';
import type { Preset } from './types.js';

export const PRESETS = [specum, speckit, passive, loop, guard, convergence, sessionEnd, auditLog, ccCompat] as const satisfies readonly Preset<any>[];

export type PresetId = (typeof PRESETS)[number]['id'];

export function findPreset(id: string): Preset<any> | undefined {
  return PRESETS.find((preset) => preset.id === id);
}
