// A runtime dependency is installed into every project that installs ralph-hooks: each one
// must be loaded by the code we ship (an import, an import(), or a require/resolve of it).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';
import { typeScriptFiles } from '../helpers/imports.js';

const SHIPPED = ['src', 'cli', 'testkit', 'generators'];

function loadsPackage(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`['"]${escaped}(/[^'"]*)?['"]`).test(text);
}

describe('runtime dependencies', () => {
  it('every one is loaded by the shipped code', () => {
    const { dependencies } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const sources = typeScriptFiles(REPO_ROOT, SHIPPED).map((file) => readFileSync(join(REPO_ROOT, file), 'utf8'));
    const unused = Object.keys(dependencies).filter((name) => !sources.some((text) => loadsPackage(text, name)));
    expect(unused).toEqual([]);
  });
});
