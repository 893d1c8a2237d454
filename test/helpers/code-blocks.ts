/** The fenced code blocks of a Markdown file, with the language and role of their info string (`sh run`). */
export interface CodeBlock {
  file: string;
  index: number;
  lang: string;
  role: string;
  body: string;
  firstLine: string;
}

export function codeBlocks(file: string, text: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const fence = /^```([^\n`]*)\n([\s\S]*?)^```\s*$/gm;
  let match: RegExpExecArray | null;
  let index = 0;
  while ((match = fence.exec(text))) {
    const [lang = '', role = ''] = match[1]!.trim().split(/\s+/);
    const body = match[2]!;
    blocks.push({ file, index: index++, lang, role, body, firstLine: body.split('\n').find((l) => l.trim())?.trim() ?? '' });
  }
  return blocks;
}

/**
 * The opening fences of a Markdown text, read line by line, apart from codeBlocks' pattern: a
 * line starting with ``` opens a block, the next one closes it. Its line (from 1) and info string.
 */
export function openingFences(text: string): { line: number; info: string }[] {
  const openings: { line: number; info: string }[] = [];
  let open = false;
  text.split('\n').forEach((line, index) => {
    if (!line.startsWith('```')) return;
    if (!open) openings.push({ line: index + 1, info: line.slice(3) });
    open = !open;
  });
  return openings;
}
