/**
 * docs/guards.md lists the programs whose commands the guard follows ("Commands run by other
 * commands"); that list is the one the code follows: every program named there is handled
 * by the guard's templates, and every wrapper the guard strips is named there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';

function guardTemplates(dir = join(REPO_ROOT, 'templates/guard')): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => (entry.isDirectory() ? guardTemplates(join(dir, entry.name)) : entry.name.endsWith('.hbs') ? readFileSync(join(dir, entry.name), 'utf8') : ''))
    .join('\n');
}

/** Words in the docs' list that are not programs the guard follows: rules, options, examples. */
const NOT_CHANNELS = new Set(['text', 'bash', 'sh', 'echo', 'printf', 'cat', 'curl', 'rm', 'wc', 'remote-exec', 'host', 'network', 'commands']);

/** The program names of the docs' channel list: the first word of each `code` span. */
function documentedChannels(): Set<string> {
  const docs = readFileSync(join(REPO_ROOT, 'docs/guards.md'), 'utf8');
  const list = docs.split('<!-- channels:')[1]?.split('<!-- end of channels -->')[0];
  if (!list) throw new Error('docs/guards.md: the channel list markers are missing');
  return new Set([...list.matchAll(/`([a-z][a-z0-9.-]*)/g)].map((m) => m[1]!).filter((name) => !NOT_CHANNELS.has(name)));
}

/** The wrappers the guard's fast path names: the program names in strip_wrappers' first case. */
function strippedWrappers(guard: string): string[] {
  const body = guard.slice(guard.indexOf('strip_wrappers() {'));
  const fastPath = body.slice(body.indexOf('case ${words[0]:-} in') + 'case ${words[0]:-} in'.length, body.indexOf(') ;;'));
  return fastPath.split(/[|\\\s]+/).filter((word) => /^[a-z][a-z0-9]*$/.test(word) && !['then', 'do', 'else', 'elif', 'if', 'while', 'until', 'fi', 'done', 'coproc'].includes(word));
}

describe('docs/guards.md: the channels the guard follows', () => {
  const guard = guardTemplates();
  const documented = documentedChannels();

  it('every wrapper the guard strips is in the docs list', () => {
    const missing = strippedWrappers(guard).filter((name) => !documented.has(name));
    expect(missing).toEqual([]);
  });

  it('every program in the docs list is handled by the guard', () => {
    const unhandled = [...documented].filter((name) => !new RegExp(`(== ${name}\\b|[\\s(|]${name} ?[|)])`).test(guard));
    expect(unhandled).toEqual([]);
  });

  it('each program in the docs list has a test file of its channel or of its wrapper family', () => {
    const files = readdirSync(join(REPO_ROOT, 'test/guards/channels')).join(' ');
    for (const name of ['xargs', 'parallel', 'watch', 'busybox', 'find', 'flock', 'chroot', 'unbuffer', 'script', 'su', 'ssh']) expect(files).toContain(name);
  });
});
