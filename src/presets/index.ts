/** The preset registry: one line per preset. */
import { specum } from './specum.js';
import type { Preset } from './types.js';

export const PRESETS = [specum] as const satisfies readonly Preset<any>[];

export type PresetId = (typeof PRESETS)[number]['id'];

export function findPreset(id: string): Preset<any> | undefined {
  return PRESETS.find((preset) => preset.id === id);
}
