/**
 * User docs speak of the product in plain words: designs are named by what they are, never
 * by an internal number ("seed 002"), a requirement id ("R4") or a section of a design note
 * ("guards-and-convergence.md §1.2"). Code blocks are left to the code-block test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';

const JARGON = /\bseeds? \d{3}\b|\bthe seed\b|\bseed's\b|\bR\d{1,2}\b|§\s?\d|\b[\w-]+-and-[\w-]+\.md\b|claude-code-hooks\.md|smart-ralph-stop-watcher\.md/;
const DOCS = ['README.md', ...readdirSync(join(REPO_ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

function prose(text: string): string[] {
  return text.replace(/^```[\s\S]*?^```\s*$/gm, '').split('\n');
}

describe('no internal jargon in the user docs', () => {
  it.each(DOCS)('%s', (doc) => {
    const hits = prose(readFileSync(join(REPO_ROOT, doc), 'utf8')).filter((line) => JARGON.test(line));
    expect(hits).toEqual([]);
  });
});
