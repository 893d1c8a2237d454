/**
 * The docs' code blocks and the scratch projects their commands run in: this repository's
 * package as the installed ralph-hooks (installedPackage), with `npm init ralph-hooks` served by the local
 * create-ralph-hooks: no registry, no network. test/docs/code-blocks.test.ts checks every
 * block's role; test/e2e/docs-run.test.ts runs the run and output blocks as written.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { linkInstalled, REPO_ROOT, tempDir } from './cli.js';
import { codeBlocks, type CodeBlock } from './code-blocks.js';

export const DOCS = ['README.md', ...readdirSync(join(REPO_ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
export const BLOCKS = DOCS.flatMap((file) => codeBlocks(file, readFileSync(join(REPO_ROOT, file), 'utf8')));
export const key = (block: CodeBlock) => `${block.file}: ${block.firstLine}`;
export const label = (block: CodeBlock) => `${block.file} #${block.index + 1} (${[block.lang, block.role].filter(Boolean).join(' ') || 'no info string'}): ${block.firstLine.slice(0, 60)}`;

export const ENV = { ...process.env, NO_COLOR: '1', npm_config_yes: '', npm_config_offline: 'true', npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false' };

/** node_modules with this repository as ralph-hooks, the local create-ralph-hooks, and the bins: made once per test process. */
let modules: string | undefined;
function docsModules(): string {
  if (modules) return modules;
  modules = join(tempDir('rh-docs-modules-'), 'node_modules');
  mkdirSync(join(modules, '.bin'), { recursive: true });
  mkdirSync(join(modules, 'create-ralph-hooks'));
  for (const file of ['index.js', 'package.json']) copyFileSync(join(REPO_ROOT, 'create', file), join(modules, 'create-ralph-hooks', file));
  // prettier: docs/formatters.md formats a project with it.
  linkInstalled(modules, ['vitest', 'bats', 'prettier']);
  symlinkSync('../create-ralph-hooks/index.js', join(modules, '.bin/create-ralph-hooks'));
  symlinkSync('../ralph-hooks/bin/ralph-hooks.js', join(modules, '.bin/ralph-hooks'));
  symlinkSync(join(REPO_ROOT, 'node_modules/.bin/vitest'), join(modules, '.bin/vitest'));
  symlinkSync('../prettier/bin/prettier.cjs', join(modules, '.bin/prettier'));
  return modules;
}

/** A scratch git repository for a doc's commands, with those node_modules. */
export function docProject(): string {
  const root = tempDir('rh-docs-');
  spawnSync('git', ['init', '-q'], { cwd: root });
  symlinkSync(docsModules(), join(root, 'node_modules'));
  return root;
}

/** Run one command line the way a user's shell would; stdout and stderr together, npm's config warnings left out. */
export function shell(command: string, cwd: string): { status: number | null; output: string } {
  const result = spawnSync('bash', ['-c', `{\n${command}\n} 2>&1`], { cwd, encoding: 'utf8', env: { ...ENV, PATH: `${join(cwd, 'node_modules/.bin')}:${process.env.PATH}` }, timeout: 240_000 });
  const output = result.stdout.split('\n').filter((line) => !/^npm warn Unknown (user|env) config/.test(line)).join('\n');
  return { status: result.status, output };
}

/** `$ command` lines and the output under each. */
export function transcript(body: string): { command: string; expected: string }[] {
  const steps: { command: string; expected: string[] }[] = [];
  for (const line of body.replace(/\n$/, '').split('\n')) {
    if (line.startsWith('$ ')) steps.push({ command: line.slice(2), expected: [] });
    else if (steps.length) steps[steps.length - 1]!.expected.push(line);
    else throw new Error(`a transcript starts with "$ command"; got: ${line}`);
  }
  return steps.map((s) => ({ command: s.command, expected: s.expected.join('\n') }));
}

/** Output compared without trailing blanks; the temporary folder stands for $PWD. */
export function normalize(text: string, root: string): string {
  return text.split(root).join('$PWD').split('\n').map((l) => l.trimEnd()).join('\n').trim();
}

