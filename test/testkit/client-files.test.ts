// The pieces every real-client runner shares that need no client: finding a session's
// transcript in the client's folders, and reading the text out of a message's content.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentText } from '../../testkit/clients/content-text.js';
import { transcriptFiles } from '../../testkit/clients/index.js';
import { tempDir } from '../helpers/cli.js';

describe('transcriptFiles', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function folder(files: string[]): string {
    root = tempDir('ralph-hooks-transcripts-');
    for (const file of files) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), '');
    }
    return root;
  }

  it('finds the files whose relative path matches, no deeper than asked (Qwen Code: <project>/chats/<id>.jsonl)', () => {
    const dir = folder(['a/chats/1.jsonl', 'a/chats/notes.txt', 'a/other/2.jsonl', 'b/chats/3.jsonl', 'top.jsonl', 'a/chats/old/4.jsonl']);
    const found = transcriptFiles(dir, /^[^/]+\/chats\/[^/]+\.jsonl$/, 2).map((path) => path.slice(dir.length + 1));
    expect(found.sort()).toEqual(['a/chats/1.jsonl', 'b/chats/3.jsonl']);
  });

  it('reads `depth` folders down and no further (Claude Code: any .jsonl under projects/, four folders deep)', () => {
    const dir = folder(['p/1.jsonl', 'p/a/b/c/2.jsonl', 'p/a/b/c/d/3.jsonl', 'p/a/b/c/d/e/4.jsonl']);
    const found = transcriptFiles(join(dir, 'p'), /\.jsonl$/, 4).map((path) => path.slice(dir.length + 1));
    expect(found.sort()).toEqual(['p/1.jsonl', 'p/a/b/c/2.jsonl', 'p/a/b/c/d/3.jsonl']);
  });

  it('a folder that does not exist (the session never started) has none', () => {
    root = tempDir('ralph-hooks-transcripts-');
    expect(transcriptFiles(join(root, 'missing'), /\.jsonl$/, 4)).toEqual([]);
  });
});

describe('contentText', () => {
  it('reads a string, or the strings and {text} parts of a list, one per line', () => {
    expect(contentText('done')).toBe('done');
    expect(contentText(['a', { type: 'text', text: 'b' }, { type: 'image' }, 3])).toBe('a\nb\n\n');
    expect(contentText({ text: 'not a list' })).toBe('');
    expect(contentText(undefined)).toBe('');
  });
});
