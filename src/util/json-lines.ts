/**
 * The line of each value in a JSON text, by its path (`hooks/Stop/0/hooks/1`): what `explain`
 * prints beside a handler so the user can open the file there. The text has parsed already
 * (JSON.parse); this walks it once more and only remembers where each value starts.
 */

/** Path (keys and indexes joined by `/`) → 1-based line where that value starts. */
export function jsonValueLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  let offset = 0;
  let line = 1;

  const skipBlanks = () => {
    while (offset < text.length && /\s/.test(text[offset]!)) {
      if (text[offset] === '\n') line++;
      offset++;
    }
  };
  const readString = (): string => {
    const start = offset;
    offset++;
    while (offset < text.length && text[offset] !== '"') offset += text[offset] === '\\' ? 2 : 1;
    offset++;
    return JSON.parse(text.slice(start, offset)) as string;
  };
  const readValue = (path: string): void => {
    skipBlanks();
    lines.set(path, line);
    const char = text[offset];
    if (char === '{') readContainer('}', () => {
      skipBlanks();
      const key = readString();
      skipBlanks();
      offset++; // the colon
      return join(path, key);
    });
    else if (char === '[') readContainer(']', (index) => join(path, String(index)));
    else if (char === '"') readString();
    else while (offset < text.length && !/[\s,\]}]/.test(text[offset]!)) offset++;
  };
  const readContainer = (close: string, member: (index: number) => string): void => {
    offset++;
    skipBlanks();
    if (text[offset] === close) {
      offset++;
      return;
    }
    for (let index = 0; ; index++) {
      readValue(member(index));
      skipBlanks();
      if (text[offset++] === close) return;
    }
  };

  readValue('');
  return lines;
}

const join = (path: string, key: string) => (path === '' ? key : `${path}/${key}`);
