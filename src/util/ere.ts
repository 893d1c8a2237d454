/** Escape text so a POSIX extended regex (grep -E) matches it literally. */
export function ereEscape(value: string): string {
  return value.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
}
