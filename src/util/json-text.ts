/** Parsing JSON files that people edit by hand: errors say where, in lines and columns. */

export class JsonSyntaxError extends Error {
  constructor(readonly file: string, readonly line: number, readonly column: number, detail: string) {
    super(`${file} is not valid JSON (line ${line}, column ${column}): ${detail}`);
    this.name = 'JsonSyntaxError';
  }
}

export function parseJsonText(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const detail = (error as Error).message;
    const offset = errorOffset(detail, text);
    const { line, column } = lineAndColumn(text, offset);
    throw new JsonSyntaxError(file, line, column, detail.replace(/ in JSON at position \d+.*$/s, '').replace(/, (\.\.\.)?".*" is not valid JSON$/s, ''));
  }
}

function errorOffset(message: string, text: string): number {
  const position = /at position (\d+)/.exec(message);
  if (position) return Number(position[1]);
  // Node 20 does not always say where ("Unexpected token '}', ... is not valid JSON"):
  // find the shortest prefix that is already wrong, not merely unfinished.
  if (!brokenBefore(text, text.length)) return text.length;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (brokenBefore(text, middle)) high = middle;
    else low = middle + 1;
  }
  return high - 1;
}

/** Does text[0, end) hold an error before its end (as opposed to just stopping early)? */
function brokenBefore(text: string, end: number): boolean {
  try {
    JSON.parse(text.slice(0, end));
    return false;
  } catch (error) {
    const message = (error as Error).message;
    if (/end of JSON input/.test(message)) return false;
    const position = /at position (\d+)/.exec(message);
    return !position || Number(position[1]) < end;
  }
}

export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

/** Two-space JSON with a final newline: the format of every JSON file we write. */
export function formatJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** A JSON object (not an array, not null): what every config and settings file must be at the top. */
export function isJsonObject(value: unknown): value is Record<string, any> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The object a JSON text holds, or undefined when there is no text, it is not JSON, or not an object. */
export function jsonObjectIn(text: string | undefined | null): Record<string, any> | undefined {
  if (text === undefined || text === null) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isJsonObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
