/**
 * Waiting for what a process shows, by looking again until it is there: never a fixed sleep.
 * The overall limit is generous (a loaded 2-core machine starts Node slowly); a look is cheap.
 */
export const WAIT_MS = 60_000;
const LOOK_EVERY_MS = 40;

/** Look until `found` holds for what `look` gives; the last look is in the error when it never does. */
export async function waitUntil<T>(look: () => T, found: (seen: T) => boolean, what: string, limitMs = WAIT_MS): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const seen = look();
    if (found(seen)) return seen;
    if (Date.now() > deadline) throw new Error(`waited ${limitMs / 1000} s for ${what}; last seen:\n${String(seen)}`);
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
  }
}
