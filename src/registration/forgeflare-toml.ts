/**
 * Registering hooks in forgeflare's `.forgeflare/hooks.toml` (seed 002, R2).
 *
 * The file belongs to the user. It is merged as text, block by block: every `[[hooks]]`
 * entry the user wrote (with its comments and layout) stays byte for byte where it is;
 * ours (the ones the manifest records: ownership.ts) are rewritten in place, and new ones
 * are appended, so declaration order — which forgeflare runs guards in — is kept and a
 * second run changes nothing.
 *
 * The merge edits only `[[hooks]]` array-of-tables entries of `key = value` lines with
 * strings, integers and booleans; other tables and comments are carried along untouched,
 * and other valid TOML (an inline `hooks = [...]`, multi-line strings) is left alone with an
 * error. Reading is forgeflare's (forgeflare-load.ts): a file it would reject as a whole,
 * hand-written entries included, is never written.
 */
import type { HookCommand } from '../hook-types.js';
import { CliError } from '../util/errors.js';
import { describeRejection, readForgeflareHooks, type ForgeflareTomlRejection, type HookConfigRecord } from './forgeflare-load.js';
import { isOurCommand, ownedAmong, recordOf, type Candidate, type Ownership, type RecordedHandler } from './ownership.js';

export type TomlValue = string | number | boolean;

/** One `[[hooks]]` entry as forgeflare reads it. */
export interface ForgeflareHookConfig {
  event: string;
  command: string;
  match_tool?: string;
  phase?: string;
  timeout_ms?: number;
  [key: string]: TomlValue | undefined;
}

interface Block {
  /** `[[hooks]]`, another table header, or undefined for the preamble. */
  header?: string;
  /** The block's text, header line included, each line with its newline. */
  text: string;
  values: Record<string, TomlValue>;
}

export class TomlError extends Error {
  constructor(message: string, readonly line: number) {
    super(`line ${line}: ${message}`);
    this.name = 'TomlError';
  }
}

const FORGEFLARE_EVENTS = new Set(['PreToolUse', 'PostToolUse', 'Stop']);
const TOOL_NAME = /^[A-Za-z0-9_-]+$/;

/** Split a TOML text into its preamble and table blocks, parsing `key = value` lines. */
function splitBlocks(text: string): Block[] {
  const blocks: Block[] = [{ text: '', values: {} }];
  const lines = text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  lines.forEach((raw, index) => {
    const line = raw.replace(/\r?\n$/, '').trim();
    const lineNo = index + 1;
    if (/^\[\[?[^\]]*\]\]?\s*(#.*)?$/.test(line)) {
      blocks.push({ header: line.replace(/\s*#.*$/, ''), text: raw, values: {} });
      return;
    }
    const block = blocks[blocks.length - 1]!;
    block.text += raw;
    if (line === '' || line.startsWith('#')) return;
    if (block.header === undefined && line === EMPTY_HOOKS.trim()) return;
    const match = /^([A-Za-z0-9_-]+|"[^"]*")\s*=\s*(.*)$/.exec(line);
    if (!match) throw new TomlError(`cannot read "${line}" (ralph-hooks understands key = value lines in [[hooks]] tables)`, lineNo);
    const key = match[1]!.replace(/^"|"$/g, '');
    if (key in block.values) throw new TomlError(`duplicate key "${key}"`, lineNo);
    block.values[key] = parseValue(match[2]!, lineNo);
  });
  if (!text.endsWith('\n') && blocks.length > 0) {
    const last = blocks[blocks.length - 1]!;
    if (last.text !== '') last.text += '\n';
  }
  return blocks;
}

function parseValue(source: string, line: number): TomlValue {
  const text = source.trim();
  let match: RegExpExecArray | null;
  if ((match = /^"((?:[^"\\]|\\.)*)"\s*(#.*)?$/.exec(text))) return unescapeBasic(match[1]!, line);
  if ((match = /^'([^']*)'\s*(#.*)?$/.exec(text))) return match[1]!;
  if ((match = /^([+-]?(?:0|[1-9](?:_?\d)*))\s*(#.*)?$/.exec(text))) return Number(match[1]!.replace(/_/g, ''));
  if ((match = /^(true|false)\s*(#.*)?$/.exec(text))) return match[1] === 'true';
  throw new TomlError(`unsupported value ${text} (strings, integers and booleans only)`, line);
}

function unescapeBasic(body: string, line: number): string {
  return body.replace(/\\(u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|.)/g, (_, esc: string) => {
    switch (esc[0]) {
      case 'n': return '\n';
      case 't': return '\t';
      case 'r': return '\r';
      case 'b': return '\b';
      case 'f': return '\f';
      case '"': return '"';
      case '\\': return '\\';
      case 'u':
      case 'U': return String.fromCodePoint(parseInt(esc.slice(1), 16));
      default: throw new TomlError(`unknown escape \\${esc}`, line);
    }
  });
}

/** A TOML basic string for any text. */
export function tomlString(value: string): string {
  const escaped = value.replace(/[\\"]/g, '\\$&').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t')
    .replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `"${escaped}"`;
}

/**
 * Parse a hooks.toml the way forgeflare's HookRunner::load does (see forgeflare-load.ts): the
 * hooks in declaration order, or a TomlError (line and the `toml` crate's message) when
 * forgeflare would reject the file and run none of them.
 */
export function parseHooksToml(text: string): HookConfigRecord[] {
  const read = readForgeflareHooks(text);
  if (!read.ok) throw new TomlError(read.error.message, read.error.line);
  return read.hooks;
}

/** The forgeflare entries one of our commands becomes: one per tool, since match_tool is exact. */
export function forgeflareEntries(command: HookCommand): ForgeflareHookConfig[] {
  if (!FORGEFLARE_EVENTS.has(command.event)) {
    throw new CliError(`forgeflare has no ${command.event} event, so ${command.script} cannot be registered in .forgeflare/hooks.toml; use a Claude Code target for it.`);
  }
  const matcher = command.matcher ?? '';
  const tools = matcher === '' || matcher === '*' ? [undefined] : matcher.split('|');
  for (const tool of tools) {
    if (tool !== undefined && !TOOL_NAME.test(tool)) {
      throw new CliError(`forgeflare matches tools by exact name; "${matcher}" (${command.script}) is not a list of tool names.`);
    }
  }
  const defaultMs = command.event === 'Stop' ? 3000 : 5000;
  return tools.map((tool) => {
    const entry: ForgeflareHookConfig = { event: command.event, command: command.command };
    if (command.event === 'PreToolUse') entry.phase = command.phase ?? 'guard';
    if (tool !== undefined) entry.match_tool = tool;
    entry.timeout_ms = command.timeout !== undefined ? command.timeout * 1000 : defaultMs;
    return entry;
  });
}

const FIX = 'ralph-hooks left the file untouched; fix that line (forgeflare reads event, command, match_tool and phase as strings, timeout_ms as a whole number of milliseconds, and needs event and command in every [[hooks]] entry).';

/** The rejection, forgeflare's own error text under it, and the fix. */
function loud(file: string, error: ForgeflareTomlRejection): string {
  return `${describeRejection(file, error)}\n${error.display.replace(/^/gm, '    ').trimEnd()}\n${FIX}`;
}

const KEY_ORDER = ['event', 'phase', 'match_tool', 'command', 'timeout_ms'];

/** Our entry as TOML text; keys the user added to it by hand are kept after ours. */
function renderEntry(entry: ForgeflareHookConfig, previous: Record<string, TomlValue> = {}): string {
  const values: Record<string, TomlValue | undefined> = { ...entry };
  for (const [key, value] of Object.entries(previous)) if (!KEY_ORDER.includes(key) && !(key in values)) values[key] = value;
  const keys = [...KEY_ORDER.filter((k) => values[k] !== undefined), ...Object.keys(values).filter((k) => !KEY_ORDER.includes(k) && values[k] !== undefined)];
  const lines = keys.map((key) => {
    const value = values[key]!;
    return `${key} = ${typeof value === 'string' ? tomlString(value) : String(value)}`;
  });
  return `[[hooks]]\n${lines.join('\n')}\n`;
}

/**
 * forgeflare requires the `hooks` key ("missing field `hooks`" otherwise). `[[hooks]]` tables
 * define it; with none, this line in the preamble does, and it goes when a table comes.
 */
const EMPTY_HOOKS = 'hooks = []\n';

const PREAMBLE = `# forgeflare hooks: run in declaration order; the first guard that blocks wins.
# Entries whose command runs a script under .forgeflare/hooks/ are managed by ralph-hooks
# (\`npx ralph-hooks generate\`); add your own [[hooks]] entries anywhere, they are kept.
`;

/** The preamble with `hooks = []` when the file has no `[[hooks]]` table, without it otherwise. */
function withEmptyHooksLine(preamble: string, wanted: boolean): string {
  const has = preamble.split('\n').some((line) => line.trim() === EMPTY_HOOKS.trim());
  if (has === wanted) return preamble;
  if (!wanted) return preamble.split('\n').filter((line) => line.trim() !== EMPTY_HOOKS.trim()).join('\n');
  return `${preamble}${preamble === '' || preamble.endsWith('\n') ? '' : '\n'}${EMPTY_HOOKS}`;
}

/** Our entries for these commands, each with the script it runs. */
function entriesOf(commands: HookCommand[]) {
  return commands.flatMap((command) => forgeflareEntries(command).map((entry) => ({ script: command.script, entry })));
}

/** What the manifest records of our entries in hooks.toml. */
export function forgeflareRecords(commands: HookCommand[]): RecordedHandler[] {
  return entriesOf(commands).map(({ entry }) => ({ ...recordOf({ event: entry.event, matcher: entry.match_tool, command: entry.command }), ...(entry.timeout_ms === undefined ? {} : { timeout: entry.timeout_ms }) }));
}

/**
 * Merge our commands into the text of hooks.toml (undefined: the file does not exist).
 * `ownership` says which entries are ours: those no longer generated go. Returns the new text.
 */
export function mergeForgeflareHooks(current: string | undefined, commands: HookCommand[], ownership: Ownership, file: string, commandRoot: string): string {
  let blocks: Block[];
  try {
    blocks = splitBlocks(current ?? PREAMBLE);
  } catch (error) {
    if (error instanceof TomlError) {
      // Say first what forgeflare itself would make of the file.
      const read = readForgeflareHooks(current ?? '');
      if (!read.ok) throw new CliError(loud(file, read.error));
      throw new CliError(`${file}: ${error.message}; ralph-hooks left the file untouched.`);
    }
    throw error;
  }
  const pending = entriesOf(commands);
  const candidates = blocks.flatMap((block): Candidate<Block>[] => {
    const { event, command, match_tool: matcher, timeout_ms: timeout } = block.values;
    if (block.header !== '[[hooks]]' || typeof event !== 'string' || typeof command !== 'string') return [];
    return [{ ref: block, event, command, ...(typeof matcher === 'string' ? { matcher } : {}), ...(typeof timeout === 'number' ? { timeout } : {}) }];
  });
  const ours = ownedAmong(ownership, file, commandRoot, pending.map(({ script, entry }) => ({ script, event: entry.event, matcher: entry.match_tool })), candidates);
  const isOurs = (block: Block) => ours.has(block);

  const out: string[] = [];
  let tables = pending.length;
  for (const block of blocks) {
    const script = isOurs(block) ? pending.find((p) => isOurCommand(String(block.values.command), p.script, commandRoot))?.script ?? '' : undefined;
    if (script === undefined) {
      if (block.header === '[[hooks]]') tables++;
      out.push(block.text);
      continue;
    }
    // Ours: take the next pending entry for the same script and event (declaration order).
    const index = pending.findIndex((p) => p.script === script && p.entry.event === block.values.event
      && (p.entry.match_tool ?? '') === (block.values.match_tool ?? ''));
    const fallback = index === -1 ? pending.findIndex((p) => p.script === script && p.entry.event === block.values.event) : index;
    if (fallback === -1) continue; // no longer generated
    const { entry } = pending.splice(fallback, 1)[0]!; // still counted in tables
    const trailing = /\n(\s*\n)+$/.exec(block.text)?.[0].slice(1) ?? '';
    out.push(renderEntry(entry, block.values) + trailing);
  }
  out[0] = withEmptyHooksLine(out[0] ?? '', tables === 0);
  let text = out.join('');
  for (const { entry } of pending) {
    if (text !== '' && !text.endsWith('\n\n')) text += text.endsWith('\n') ? '\n' : '\n\n';
    text += renderEntry(entry);
  }
  // forgeflare rejects a file with one bad value as a whole and then runs no hook at all:
  // never write such a file (the bad value is usually a hand-written one).
  const read = readForgeflareHooks(text);
  if (!read.ok) {
    throw new CliError(loud(file, read.error));
  }
  return text;
}
