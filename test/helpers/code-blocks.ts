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
