/**
 * One message layout for every failure, the one bats-assert prints: a `-- title --` line,
 * `key : value` pairs aligned on the colon (or `key (N lines):` with two-space indented
 * values when any value spans lines), then a closing `--`.
 */

export type KeyValue = readonly [key: string, value: string];

function isSingleLine(value: string): boolean {
  return !value.includes('\n');
}

function lineCount(value: string): number {
  return value === '' ? 0 : value.replace(/\n$/, '').split('\n').length;
}

/** Format pairs like bats-support's batslib_print_kv_single_or_multi. */
export function formatPairs(pairs: readonly KeyValue[]): string {
  if (pairs.every(([, value]) => isSingleLine(value))) {
    const width = Math.max(...pairs.map(([key]) => key.length));
    return pairs.map(([key, value]) => `${key.padEnd(width)} : ${value}`).join('\n');
  }
  return pairs
    .map(([key, value]) => {
      const body = value.replace(/\n$/, '').split('\n').map((line) => `  ${line}`);
      return [`${key} (${lineCount(value)} lines):`, ...(value === '' ? [] : body)].join('\n');
    })
    .join('\n');
}

/** A whole failure block: title, pairs, closing marker. */
export function formatFailure(title: string, pairs: readonly KeyValue[]): string {
  return `-- ${title} --\n${formatPairs(pairs)}\n--`;
}
