/** Every config example in docs/presets.md is a valid config, and the iteration-tracker one is the tested one. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load.js';
import { TRACKER_CONFIG } from '../presets/loop-helpers.js';

const doc = readFileSync(join(import.meta.dirname, '../../docs/presets.md'), 'utf8');
const examples = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]!));

describe('docs/presets.md examples', () => {
  it('are valid configs', () => {
    expect(examples.length).toBeGreaterThan(4);
    for (const example of examples) expect(() => validateConfig(example)).not.toThrow();
  });

  it('show the iteration-tracker configuration that test/presets/loop-tracker.test.ts and the real-client test run', () => {
    expect(examples).toContainEqual(TRACKER_CONFIG);
  });
});
