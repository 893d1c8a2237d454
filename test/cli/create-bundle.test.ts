/**
 * create-ralph-hooks is one bundled file (scripts/bundle-create.mjs, part of `npm run build`):
 * what `npm init ralph-hooks` runs must write what `ralph-hooks init` writes, byte for byte, with
 * and need nothing installed. (test/e2e/create-bundle.test.ts: on a terminal, with a formatter, the guard.)
 */
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, REPO_ROOT } from '../helpers/cli.js';
import { BUNDLE, files, repo, run } from '../helpers/create-bundle.js';

describe('create-ralph-hooks, one bundled file', () => {
  it('ships index.js and its licence notices, and depends on nothing', () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'create/package.json'), 'utf8'));
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(pkg.files).toEqual(['index.js', 'THIRD-PARTY-NOTICES.txt']);
    expect(pkg.bin).toEqual({ 'create-ralph-hooks': 'index.js' });
    // Every import of the bundle is one of Node's own modules.
    const bundle = readFileSync(BUNDLE, 'latin1');
    const imported = [...bundle.matchAll(/(?:^|[;}\s])import\s*(?:[\w${},*\s]+from\s*)?"([^"]+)"/g)].map((m) => m[1]!);
    expect(imported.length).toBeGreaterThan(5);
    expect(imported.filter((spec) => !spec.startsWith('node:') && !builtinModules.includes(spec))).toEqual([]);
    const notices = readFileSync(join(REPO_ROOT, 'create/THIRD-PARTY-NOTICES.txt'), 'utf8');
    for (const name of ['yeoman-environment@', 'yeoman-generator@', 'handlebars@', 'zod@']) expect(notices).toContain(name);
  });

  it('--yes writes what `ralph-hooks init --yes` writes, and prints the same', () => {
    const viaBundle = repo('project');
    const viaCli = repo('project');
    const printed = run([BUNDLE, '--yes'], viaBundle);
    expect(printed).toBe(run([CLI, 'init', '--yes'], viaCli));
    expect(printed).toContain('create  .claude/hooks/  (7 files)');
    // The stop-watcher and, on by default, the guard.
    expect(Object.keys(files(viaBundle))).toEqual(expect.arrayContaining(['.claude/hooks/stop-watcher.sh', '.claude/hooks/guard.sh']));
    expect(files(viaBundle)).toEqual(files(viaCli));
  });
});
