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

/** Words that send a newcomer looking for a document they do not have (the contributors' tour may use them). */
const UNEXPLAINED = /\bthe design\b|\bdesign's\b|\bthe reference's\b|\bsmart-ralph \d/;

describe('no internal jargon in the user docs', () => {
  it.each(DOCS)('%s', (doc) => {
    const lines = prose(readFileSync(join(REPO_ROOT, doc), 'utf8'));
    expect(lines.filter((line) => JARGON.test(line))).toEqual([]);
    if (doc !== 'docs/architecture.md') expect(lines.filter((line) => UNEXPLAINED.test(line))).toEqual([]);
  });
});

describe('words a newcomer can follow', () => {
  it('the README says what a Ralph loop, a spec and forgeflare are, before the first run', () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    const intro = readme.slice(0, readme.indexOf('## What a run looks like'));
    expect(intro).toMatch(/A \*\*Ralph loop\*\* runs a coding agent/);
    expect(intro).toMatch(/A \*spec\* is a folder/);
    expect(intro).toMatch(/\*\*forgeflare\*\*, a coding agent/);
  });

  it('init\'s choices describe what each one does, not which project it came from', async () => {
    const { QUESTIONS } = await import('../../generators/app/questions.js');
    const names = QUESTIONS.flatMap((question) => question.choices.map((choice) => choice.name));
    for (const name of names) expect(name, name).not.toMatch(/JSON stop-watcher|bugs fixed|dispatch layer|\bdesign\b/);
  });
});
