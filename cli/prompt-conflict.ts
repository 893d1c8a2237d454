/** Asking, on a terminal, what to do with a file the user edited: diff, keep or overwrite. */
import { createInterface } from 'node:readline/promises';
import { diffOf, type ConflictAnswer } from '../src/generate/apply.js';
import { Interrupted } from '../src/util/errors.js';
import type { FileChange } from '../src/generate/plan.js';

export async function askAboutConflict(change: FileChange): Promise<ConflictAnswer> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  // Ctrl-C (or the end of input) at the question: stop before anything is written.
  const abort = new AbortController();
  rl.on('SIGINT', () => abort.abort());
  rl.on('close', () => abort.abort());
  try {
    for (;;) {
      let answer: string;
      try {
        answer = (await rl.question(`${change.path} was ${change.note}. [d]iff, [k]eep yours this time, [a]dopt yours (generate keeps it from now on), [o]verwrite? `, { signal: abort.signal })).trim().toLowerCase();
      } catch {
        process.stdout.write('\n');
        throw new Interrupted();
      }
      if (answer === 'd' || answer === 'diff') process.stdout.write(diffOf(change));
      else if (answer === 'k' || answer === 'keep') return 'keep';
      else if (answer === 'a' || answer === 'adopt') return 'adopt';
      else if (answer === 'o' || answer === 'overwrite') return 'overwrite';
    }
  } finally {
    rl.close();
  }
}
