/** Files a formatter failed on, said once per reason rather than once per file. */
export interface Failure {
  path: string;
  /** What the formatter printed (its first line that says something is the reason). */
  reason: string;
}

export function failuresAsWarnings(name: string, failures: Failure[]): string[] {
  const byReason = new Map<string, string[]>();
  for (const failure of failures) {
    const reason = firstLine(failure.reason) || 'no reason given';
    byReason.set(reason, [...(byReason.get(reason) ?? []), failure.path]);
  }
  return [...byReason].map(([reason, paths]) =>
    `${name} could not format ${paths.length === 1 ? paths[0] : `${paths.length} files (${paths[0]}, …)`}: ${reason}. Written as generated.`);
}

/** The first line with words in it, without colour codes and the box-drawing a CLI frames it with. */
function firstLine(text: string): string {
  const plain = text.replace(/\x1b\[[0-9;]*m/g, '');
  return plain.split('\n').map((line) => line.replace(/[━─│×✖!]+/g, ' ').replace(/\s+/g, ' ').trim()).find((line) => /[A-Za-z]{3}/.test(line)) ?? '';
}
