import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configReferenceMarkdown } from '../../src/config/reference.js';
import { configJsonSchema } from '../../src/config/schema.js';
import { PRESETS } from '../../src/presets/index.js';
import { REPO_ROOT, ralphHooks } from '../helpers/cli.js';

describe('one source of truth for the config', () => {
  it('the shipped JSON Schema and the docs reference are what the zod schema renders', () => {
    expect(ralphHooks(['schema', '--check'], { cwd: REPO_ROOT }).status).toBe(0);
    expect(JSON.parse(readFileSync(join(REPO_ROOT, 'schema/config.schema.json'), 'utf8'))).toEqual(configJsonSchema());
    expect(readFileSync(join(REPO_ROOT, 'docs/config-reference.md'), 'utf8')).toBe(configReferenceMarkdown());
  });

  it('the JSON Schema offers every preset, with defaults for editors', () => {
    const schema = configJsonSchema() as any;
    expect(schema.properties.target.default).toBe('claude-project');
    const presets = schema.properties.hooks.items.oneOf ?? schema.properties.hooks.items.anyOf;
    expect(presets.map((p: any) => p.properties.preset.const)).toEqual(PRESETS.map((p) => p.id));
    const specum = presets.find((p: any) => p.properties.preset.const === 'specum');
    expect(specum.properties.options.properties.maxGlobalIterations.default).toBe(100);
  });

  it('the reference documents every option of every preset', () => {
    const markdown = configReferenceMarkdown();
    for (const preset of PRESETS) {
      expect(markdown).toContain(`### \`${preset.id}\``);
      for (const key of Object.keys((preset.options as any).shape ?? {})) expect(markdown).toContain(`\`${key}`);
    }
  });
});
