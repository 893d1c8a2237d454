import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_FILES } from '../../cli/commands/schema.js';
import { configReferenceMarkdown } from '../../src/config/reference.js';
import { configJsonSchema } from '../../src/config/schema.js';
import { PRESETS } from '../../src/presets/index.js';
import { REPO_ROOT, tempDir } from '../helpers/cli.js';
import { committedText } from '../helpers/committed.js';

describe('one source of truth for the config', () => {
  // Committed, not on disk: `npm test` builds first, and the build rewrites these files.
  it('the shipped JSON Schema and the docs reference, as committed, are what the zod schema renders', () => {
    expect(JSON.parse(committedText('schema/config.schema.json'))).toEqual(configJsonSchema());
    expect(committedText('docs/config-reference.md')).toBe(configReferenceMarkdown());
  });

  it.each(Object.keys(GENERATED_FILES).map((path) => relative(REPO_ROOT, path)))('%s, as committed, is what the build writes (run npm run build, then git add it)', (path) => {
    const committed = committedText(path);
    expect(committed).toBe(GENERATED_FILES[join(REPO_ROOT, path)]!(committed));
  });

  it('a committed file is read from the index, not from the disk the build writes', () => {
    const root = tempDir('rh-committed-');
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: root });
    git('init', '-q');
    mkdirSync(join(root, 'schema'));
    writeFileSync(join(root, 'schema/x.json'), 'committed\n');
    git('add', '-A');
    git('commit', '-qm', 'x');
    writeFileSync(join(root, 'schema/x.json'), 'as the build wrote it\n');
    expect(committedText('schema/x.json', root)).toBe('committed\n');
    expect(committedText(join(root, 'schema/x.json'), root)).toBe('committed\n');
    expect(() => committedText('schema/never.json', root)).toThrow(/schema\/never\.json is not committed/);
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
