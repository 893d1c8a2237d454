/**
 * Every shell command shown in docs/getting-started.md and docs/ci.md is run, verbatim, by
 * the end-to-end test through a real registry (test/e2e/registry.mjs, run by .ci/run).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { e2eScripts, REPO_ROOT } from '../helpers/cli.js';

const E2E = e2eScripts();

function shellCommands(doc: string): string[] {
  const text = readFileSync(join(REPO_ROOT, 'docs', doc), 'utf8');
  return [...text.matchAll(/```sh e2e\n([\s\S]*?)```/g)].flatMap((m) =>
    m[1]!.split('\n').map((line) => line.replace(/\s+#.*$/, '').trim()).filter(Boolean),
  );
}

describe.each(['getting-started.md', 'ci.md'])('docs/%s', (doc) => {
  it('has shell commands', () => {
    expect(shellCommands(doc).length).toBeGreaterThan(2);
  });

  it.each(shellCommands(doc))('`%s` is run by test/e2e/registry.mjs (or a shape it runs)', (command) => {
    expect(E2E).toContain(command);
  });
});
