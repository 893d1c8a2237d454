/**
 * Builds Claude Code transcript files: one compact JSON object per line, shaped like the
 * lines Claude Code writes (claude-code-hooks.md §1.7). Each assistant content block is
 * its own line and the lines of one response share `message.id`; tool results are user
 * lines; Stop-hook blocks are `isMeta` user lines starting `Stop hook feedback:`.
 * Ids and timestamps are deterministic so a written transcript is reproducible.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'thinking'; thinking: string; signature?: string };

/** One transcript line; `raw` lines (plain text) are kept as strings. */
export type TranscriptLine = Record<string, unknown> | string;

export interface TranscriptOptions {
  /** Where `write()` puts the file by default. */
  path?: string;
  sessionId?: string;
  cwd?: string;
  /** Claude Code version recorded on each line. */
  version?: string;
  model?: string;
}

const START = Date.parse('2026-08-22T10:00:00.000Z');

export class TranscriptBuilder {
  readonly lines: TranscriptLine[] = [];
  private counter = 0;
  private lastUuid: string | null = null;
  private readonly options: Required<Omit<TranscriptOptions, 'path'>> & { path?: string };

  constructor(options: TranscriptOptions = {}) {
    this.options = {
      sessionId: 'test-session',
      cwd: '/home/user/project',
      version: '2.1.240',
      model: 'claude-sonnet-4-5',
      ...options,
    };
  }

  get path(): string | undefined {
    return this.options.path;
  }

  /** A user prompt line. */
  user(text: string): this {
    return this.push({ type: 'user', message: { role: 'user', content: text } });
  }

  /**
   * An assistant response. A string is one text block; an array writes one line per block,
   * all sharing one `message.id`, as Claude Code does.
   */
  assistant(content: string | ContentBlock[], options: { messageId?: string; sidechain?: boolean } = {}): this {
    const blocks: ContentBlock[] = typeof content === 'string' ? [{ type: 'text', text: content }] : content;
    const messageId = options.messageId ?? this.nextId('msg_');
    const requestId = this.nextId('req_');
    for (const block of blocks) {
      this.push(
        {
          type: 'assistant',
          requestId,
          message: {
            id: messageId,
            type: 'message',
            role: 'assistant',
            model: this.options.model,
            content: [block],
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: 12, output_tokens: 34, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
          },
        },
        options.sidechain ?? false,
      );
    }
    return this;
  }

  /** An assistant line holding only a tool_use block (62% of real assistant lines). */
  toolUse(name: string, input: Record<string, unknown> = {}, options: { id?: string; messageId?: string } = {}): this {
    const id = options.id ?? this.nextId('toolu_');
    return this.assistant([{ type: 'tool_use', id, name, input }], { messageId: options.messageId });
  }

  /** The user line carrying a tool's result, with its `toolUseResult` object. */
  toolResult(toolUseId: string, content: string, options: { isError?: boolean } = {}): this {
    return this.push({
      type: 'user',
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUseId, content, is_error: options.isError ?? false }] },
      toolUseResult: { stdout: content, stderr: '', interrupted: false, isImage: false },
    });
  }

  /** A tool call and its result: the tool_use line, then the tool_result line. */
  toolCall(name: string, input: Record<string, unknown>, result: string): this {
    const id = this.nextId('toolu_');
    return this.toolUse(name, input, { id }).toolResult(id, result);
  }

  /** A subagent's assistant text line (`isSidechain: true`), which last-message readers must skip. */
  sidechain(text: string): this {
    return this.assistant(text, { sidechain: true });
  }

  /** How Claude Code records a Stop-hook block: an isMeta user line `Stop hook feedback:\n<reason>`. */
  stopHookFeedback(reason: string): this {
    return this.push({ type: 'user', isMeta: true, message: { role: 'user', content: `Stop hook feedback:\n${reason}` } });
  }

  /** Any other line: an object is written as JSON, a string as-is (the seed's plain-text transcripts). */
  raw(line: TranscriptLine): this {
    this.lines.push(line);
    return this;
  }

  /** The transcript as JSONL, one line per entry, ending in a newline. */
  toJsonl(): string {
    return this.lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n') + (this.lines.length ? '\n' : '');
  }

  /** Write the JSONL file (to `path` or the builder's path) and return its path. */
  write(path = this.options.path): string {
    if (!path) throw new Error('TranscriptBuilder.write: no path given and none set in the builder options');
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, this.toJsonl());
    return path;
  }

  /** The last assistant text (see lastAssistantText). */
  lastAssistantText(): string {
    return lastAssistantText(this.lines);
  }

  private push(fields: Record<string, unknown>, sidechain = false): this {
    const uuid = this.uuid();
    this.lines.push({
      parentUuid: this.lastUuid,
      isSidechain: sidechain,
      userType: 'external',
      cwd: this.options.cwd,
      sessionId: this.options.sessionId,
      version: this.options.version,
      gitBranch: 'main',
      ...fields,
      uuid,
      timestamp: new Date(START + this.counter * 1000).toISOString(),
    });
    this.lastUuid = uuid;
    return this;
  }

  private uuid(): string {
    this.counter += 1;
    return `00000000-0000-4000-8000-${this.counter.toString(16).padStart(12, '0')}`;
  }

  private nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}01${this.counter.toString().padStart(22, '0')}`;
  }
}

/** Start a transcript. */
export function transcript(options: TranscriptOptions = {}): TranscriptBuilder {
  return new TranscriptBuilder(options);
}

/**
 * The last assistant text, as ralph-loop's fix reads it (§1.7): among non-sidechain assistant
 * lines, the last one with a text block, joined with the other text blocks of its message.
 * "" when there is none (a turn made only of tool calls is normal).
 */
export function lastAssistantText(lines: readonly TranscriptLine[]): string {
  const assistant = lines.filter(
    (line): line is Record<string, unknown> => typeof line !== 'string' && line.type === 'assistant' && line.isSidechain !== true,
  );
  const texts = (line: Record<string, unknown>) =>
    (line.message as { content: ContentBlock[] }).content.filter((block): block is { type: 'text'; text: string } => block.type === 'text');
  const last = [...assistant].reverse().find((line) => texts(line).length > 0);
  if (!last) return '';
  const id = (last.message as { id?: string }).id;
  return assistant
    .filter((line) => (line.message as { id?: string }).id === id)
    .flatMap(texts)
    .map((block) => block.text)
    .join('\n');
}
