/**
 * docs/guards.md lists the programs whose commands the guard follows ("Commands run by other
 * commands") and those that never run their arguments. Both the list and the guard's wrapper
 * handling come from one data file, src/presets/guard-programs.ts: the list is generated
 * from it (`npm run build`), strip_wrappers' generic arms and fast path are rendered from
 * it, and every wrapper it says is handled by code of its own is handled there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { quietPrograms, withProgramsList, WRAPPERS, wrapperNames } from '../../src/presets/guard-programs.js';
import { renderHooks } from '../../src/generate/render-hooks.js';
import { validateConfig } from '../../src/config/load.js';
import { REPO_ROOT } from '../helpers/cli.js';

function guardTemplates(dir = join(REPO_ROOT, 'templates/guard')): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => (entry.isDirectory() ? guardTemplates(join(dir, entry.name)) : entry.name.endsWith('.hbs') ? readFileSync(join(dir, entry.name), 'utf8') : ''))
    .join('\n');
}

/** The generated parser, and the core with the reading of what commands run (guard-read.sh), of a guard with the default rules. */
function generated(): { parse: string; core: string } {
  const { files } = renderHooks(validateConfig({ hooks: [{ kind: 'guard', preset: 'guard' }] }));
  const file = (name: string) => files.find((f) => f.path.endsWith(`/${name}`))!.content;
  return { parse: file('guard-parse.sh'), core: `${file('guard-core.sh')}\n${file('guard-read.sh')}` };
}

describe('docs/guards.md: the channels the guard follows', () => {
  const doc = readFileSync(join(REPO_ROOT, 'docs/guards.md'), 'utf8');

  it('the list is the one guard-programs.ts gives (run `npm run build` after changing it)', () => {
    expect(doc).toBe(withProgramsList(doc));
  });

  it('every wrapper the generated guard strips, and every program handled by code of its own, is in the data', () => {
    const { parse, core } = generated();
    const body = parse.slice(parse.indexOf('strip_wrappers() {'));
    const fastPath = body.slice(body.indexOf('case ${words[0]:-} in') + 'case ${words[0]:-} in'.length, body.indexOf(') ;;'));
    const keywords = ['then', 'do', 'else', 'elif', 'if', 'while', 'until', 'fi', 'done', 'coproc'];
    const stripped = fastPath.split(/[|\\\s]+/).filter((word) => /^[a-z][a-z0-9-]*$/.test(word) && !keywords.includes(word));
    expect(stripped.filter((name) => !wrapperNames().includes(name))).toEqual([]);
    for (const name of wrapperNames('words')) expect(body, name).toMatch(new RegExp(`(^|[ |])${name}( \\||\\))`, 'm'));
    const templates = guardTemplates();
    for (const wrapper of WRAPPERS.filter((w) => w.how === 'own')) expect(templates, wrapper.handledBy).toContain(wrapper.handledBy);
    for (const name of wrapperNames('stdin')) expect(core).toMatch(new RegExp(`STDIN_SHELLS=' .*\\b${name}\\b`));
  });

  it('no program is both a wrapper and quiet', () => {
    expect(wrapperNames().filter((name) => quietPrograms().includes(name))).toEqual([]);
  });

  it('each program in the docs list has a test file of its channel or of its wrapper family', () => {
    const files = readdirSync(join(REPO_ROOT, 'test/guards/channels')).join(' ');
    for (const name of ['xargs', 'parallel', 'watch', 'busybox', 'find', 'flock', 'chroot', 'unbuffer', 'script', 'su', 'ssh', 'unknown-wrappers', 'at', 'command-lines', 'containers-run', 'shell-text-runs', 'interpreter-code', 'written-scripts', 'configured-commands']) expect(files).toContain(name);
  });
});
