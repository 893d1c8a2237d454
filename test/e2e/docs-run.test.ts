/**
 * Every doc's `sh run` and `text output` blocks, run as written and in order in a scratch
 * project of its own (after `ralph-hooks init --yes` unless the doc's first block starts with
 * an init): a run block must exit 0, an output block's commands must print what it shows.
 * The roles themselves are checked by test/docs/code-blocks.test.ts.
 */
import { expect, describe, it } from 'vitest';
import { BLOCKS, DOCS, docProject, label, normalize, shell, transcript } from '../helpers/doc-projects.js';

/** Docs with run or output blocks: one project each, the blocks in order. */
const RUNNABLE = DOCS.map((file) => ({ file, blocks: BLOCKS.filter((b) => b.file === file && ((['sh', 'bash'].includes(b.lang) && b.role === 'run') || (b.lang === 'text' && b.role === 'output'))) })).filter((d) => d.blocks.length);

describe.each(RUNNABLE.map((d) => [d.file, d] as const))('%s: run and output blocks, in order', (_, doc) => {
  it('run as written', () => {
    const root = docProject();
    const first = doc.blocks[0]!;
    const startsWithInit = /^(\$ )?(npm init ralph-hooks|npx ralph-hooks init)/.test(first.firstLine);
    // The set-up, not a doc's block: the bin itself (on the shell's PATH), without npm exec's start (~0.3 s of CPU).
    if (!startsWithInit) expect(shell('ralph-hooks init --yes --quiet', root).status).toBe(0);
    for (const block of doc.blocks) {
      if (block.role === 'run') {
        const result = shell(`set -e\n${block.body}`, root);
        expect(result.status, `${label(block)}\n${result.output}`).toBe(0);
        continue;
      }
      for (const { command, expected } of transcript(block.body)) {
        const result = shell(command, root);
        expect(normalize(result.output, root), `${label(block)}: $ ${command}`).toBe(normalize(expected, root));
      }
    }
  }, 600_000);
});
