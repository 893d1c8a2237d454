/** Every formatter ralph-hooks knows, in the order they format a file when a project has more than one. */
import { biome } from './biome.js';
import { dprint } from './dprint.js';
import { prettier } from './prettier.js';
import type { FormatterSpec } from './types.js';

export const FORMATTERS: readonly FormatterSpec[] = [prettier, biome, dprint];
