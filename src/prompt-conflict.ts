/** Asking, on a terminal, what to do with a file the user edited: diff, keep or overwrite. */
import { createInterface } from 'node:readline/promises';
import { diffOf, type ConflictAnswer } from './apply.js';
import type { FileChange } from './plan.js';

export async function askAboutConflict(change: FileChange): Promise<ConflictAnswer> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    for (;;) {
      const answer = (await rl.question(`${change.path} was ${change.note}. [d]iff, [k]eep yours, [o]verwrite? `)).trim().toLowerCase();
      if (answer === 'd' || answer === 'diff') process.stdout.write(diffOf(change));
      else if (answer === 'k' || answer === 'keep') return 'keep';
      else if (answer === 'o' || answer === 'overwrite') return 'overwrite';
    }
  } finally {
    rl.close();
  }
}
