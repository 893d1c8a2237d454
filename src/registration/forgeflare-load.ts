/**
 * Reading `.forgeflare/hooks.toml` with the acceptance rules of forgeflare's HookRunner::load:
 * the file is parsed as TOML 1.0 (forgeflare uses the `toml` 0.8 crate) and deserialized by
 * serde into
 *
 *   struct HooksFile  { hooks: Vec<HookConfig> }
 *   struct HookConfig { event: String, command: String, match_tool: Option<String>,
 *                       phase: Option<String>, timeout_ms: Option<u64> }
 *
 * so `hooks` is required (an empty or comment-only file is rejected), `event` and `command`
 * are required strings, the three optional fields must have their type when present
 * (`timeout_ms` a non-negative integer: `"5000"`, `-1` and `5000.0` are rejected), and unknown
 * keys are ignored. One bad value rejects the whole file, and forgeflare then runs no hook at
 * all; `readForgeflareHooks` reports that with the `toml` crate's error text (position frame
 * and message) so the simulator can log it as forgeflare does.
 *
 * Parsing is smol-toml's; a small scanner over the accepted text adds what serde's errors need
 * and smol-toml does not keep: the spans of tables and values, and the raw kind of a number
 * (smol-toml reads `5000.0` as 5000). The scanner also rejects the TOML 1.1 additions smol-toml
 * accepts and TOML 1.0 does not (newlines or a trailing comma in an inline table, `\e` and
 * `\xHH` escapes, times without seconds).
 */
import { smolToml } from '../util/lazy-require.js';

/** One `[[hooks]]` entry exactly as forgeflare's HookConfig holds it. */
export interface HookConfigRecord {
  event: string;
  command: string;
  match_tool?: string;
  phase?: string;
  timeout_ms?: number;
}

export interface ForgeflareTomlRejection {
  /** 1-based line and column of the error, as the `toml` crate counts them. */
  line: number;
  column: number;
  /** The message under the frame, e.g. "invalid type: string \"5000\", expected u64". */
  message: string;
  /** The `toml` crate's Display text: "TOML parse error at line …", the frame, the message, a final newline. */
  display: string;
  /** false when the message is smol-toml's rather than the `toml` crate's wording (syntax errors). */
  exact: boolean;
}

export type ForgeflareHooksRead = { ok: true; hooks: HookConfigRecord[] } | { ok: false; error: ForgeflareTomlRejection };

type Span = [number, number];
type Scalar = { kind: 'string' | 'integer' | 'float' | 'boolean' | 'datetime'; span: Span; raw: string };
type ArrayNode = { kind: 'array'; span: Span; items: Node[] };
type TableNode = { kind: 'table'; span: Span | undefined; entries: Map<string, Node>; implicit: boolean; dotted: boolean; inline: boolean };
type AotNode = { kind: 'aot'; items: TableNode[] };
type Node = Scalar | ArrayNode | TableNode | AotNode;

class ScanError extends Error {
  constructor(message: string, readonly index: number) {
    super(message);
  }
}

const table = (span: Span | undefined, flags: Partial<TableNode> = {}): TableNode => ({
  kind: 'table', span, entries: new Map(), implicit: false, dotted: false, inline: false, ...flags,
});

/**
 * A structural scan of TOML text smol-toml has accepted: the tree of tables, arrays and
 * values with the spans toml_edit gives them (a `[table]`'s span runs from its header to the
 * end of its last value; the root's starts at 0).
 */
class Scanner {
  private i = 0;
  readonly root = table([0, 0]);
  private current = this.root;

  constructor(private readonly s: string) {}

  scan(): TableNode {
    const s = this.s;
    if (s.startsWith('\ufeff')) this.i = 1; // a byte order mark is allowed
    while (this.i < s.length) {
      this.skipWsCommentsNewlines();
      if (this.i >= s.length) break;
      if (s[this.i] === '[') this.header();
      else this.keyval(this.current, true);
    }
    return this.root;
  }

  private skipWs(): void {
    while (this.s[this.i] === ' ' || this.s[this.i] === '\t') this.i++;
  }

  private skipComment(): void {
    if (this.s[this.i] === '#') while (this.i < this.s.length && this.s[this.i] !== '\n') this.i++;
  }

  private skipWsCommentsNewlines(): void {
    for (;;) {
      this.skipWs();
      this.skipComment();
      if (this.s[this.i] === '\n') this.i++;
      else if (this.s[this.i] === '\r' && this.s[this.i + 1] === '\n') this.i += 2;
      else return;
    }
  }

  private key(): string[] {
    const parts: string[] = [];
    for (;;) {
      this.skipWs();
      const c = this.s[this.i];
      if (c === '"') {
        const raw = this.basicString(false).raw;
        try {
          parts.push(JSON.parse(raw) as string);
        } catch {
          parts.push(raw.slice(1, -1));
        }
      } else if (c === "'") {
        const end = this.s.indexOf("'", this.i + 1);
        parts.push(this.s.slice(this.i + 1, end));
        this.i = end + 1;
      } else {
        const start = this.i;
        while (/[A-Za-z0-9_-]/.test(this.s[this.i] ?? '')) this.i++;
        if (start === this.i) throw new ScanError('invalid key', this.i);
        parts.push(this.s.slice(start, this.i));
      }
      this.skipWs();
      if (this.s[this.i] !== '.') return parts;
      this.i++;
    }
  }

  private header(): void {
    const start = this.i;
    const array = this.s.startsWith('[[', this.i);
    this.i += array ? 2 : 1;
    const path = this.key();
    this.i += array ? 2 : 1;
    const span: Span = [start, this.i];
    this.skipWs();
    this.skipComment();
    let parent = this.root;
    for (const part of path.slice(0, -1)) parent = this.descend(parent, part, false);
    const last = path[path.length - 1]!;
    if (array) {
      let aot = parent.entries.get(last);
      if (aot === undefined) parent.entries.set(last, (aot = { kind: 'aot', items: [] }));
      this.current = table(span);
      (aot as AotNode).items.push(this.current);
    } else {
      const existing = parent.entries.get(last);
      if (existing?.kind === 'table') {
        existing.implicit = false;
        existing.span = span;
        this.current = existing;
      } else {
        this.current = table(span);
        parent.entries.set(last, this.current);
      }
    }
  }

  private descend(from: TableNode, part: string, dotted: boolean): TableNode {
    const next = from.entries.get(part);
    if (next === undefined) {
      const created = table(undefined, { implicit: true, dotted });
      from.entries.set(part, created);
      return created;
    }
    if (next.kind === 'aot') return next.items[next.items.length - 1]!;
    if (next.kind === 'table') return next;
    throw new ScanError('key redefined', this.i);
  }

  /** `key = value`; at the top level of a section it also ends the line. */
  private keyval(into: TableNode, line: boolean): void {
    const path = this.key();
    if (this.s[this.i] !== '=') throw new ScanError('expected `=`', this.i);
    this.i++;
    this.skipWs();
    const value = this.value();
    let target = into;
    for (const part of path.slice(0, -1)) target = this.descend(target, part, true);
    target.entries.set(path[path.length - 1]!, value);
    if (line && into.span && 'span' in value && value.span) into.span = [into.span[0], value.span[1]];
    if (line) {
      this.skipWs();
      this.skipComment();
    }
  }

  private value(): Node {
    const s = this.s;
    const c = s[this.i];
    if (c === '"') return this.basicString(s.startsWith('"""', this.i));
    if (c === "'") return this.literalString();
    if (c === '[') return this.array();
    if (c === '{') return this.inlineTable();
    const start = this.i;
    // A date-time may hold one space between its date and time.
    const dt = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}/.exec(s.slice(start, start + 20));
    if (dt && s[start + 10] === ' ') this.i = start + 11;
    while (this.i < s.length && !/[\s,\]}#]/.test(s[this.i]!)) this.i++;
    const raw = s.slice(start, this.i);
    const span: Span = [start, this.i];
    if (raw === 'true' || raw === 'false') return { kind: 'boolean', span, raw };
    if (/^\d{4}-\d{2}-\d{2}|^\d{2}:\d{2}/.test(raw)) {
      if (/(^|[Tt ])\d{2}:\d{2}(?!:)/.test(raw)) throw new ScanError('times need seconds in TOML 1.0 (HH:MM:SS)', start);
      return { kind: 'datetime', span, raw };
    }
    if (/^[+-]?(inf|nan)$/.test(raw) || (!/^[+-]?0[xob]/.test(raw) && /[.eE]/.test(raw))) return { kind: 'float', span, raw };
    return { kind: 'integer', span, raw };
  }

  private basicString(multi: boolean): Scalar {
    const s = this.s;
    const start = this.i;
    const quote = multi ? '"""' : '"';
    this.i += quote.length;
    for (;;) {
      const ch = s[this.i];
      if (ch === undefined) throw new ScanError('unterminated string', start);
      if (ch === '\\') {
        const esc = s[this.i + 1];
        if (esc === 'e' || esc === 'x') throw new ScanError(`\\${esc} is not an escape in TOML 1.0`, this.i);
        this.i += 2;
        continue;
      }
      if (s.startsWith(quote, this.i)) {
        // A multi-line string may end with up to two more quotes: a closing run of 5 holds 2.
        let n = quote.length;
        if (multi) while (n < 5 && s[this.i + n] === '"') n++;
        this.i += n;
        return { kind: 'string', span: [start, this.i], raw: s.slice(start, this.i) };
      }
      this.i++;
    }
  }

  private literalString(): Scalar {
    const s = this.s;
    const start = this.i;
    const quote = s.startsWith("'''", this.i) ? "'''" : "'";
    const end = s.indexOf(quote, this.i + quote.length);
    this.i = end + quote.length;
    if (quote === "'''") for (let n = 0; n < 2 && s[this.i] === "'"; n++) this.i++;
    return { kind: 'string', span: [start, this.i], raw: s.slice(start, this.i) };
  }

  private array(): ArrayNode {
    const start = this.i;
    this.i++;
    const items: Node[] = [];
    for (;;) {
      this.skipWsCommentsNewlines();
      if (this.s[this.i] === ']') break;
      items.push(this.value());
      this.skipWsCommentsNewlines();
      if (this.s[this.i] === ',') this.i++;
    }
    this.i++;
    return { kind: 'array', span: [start, this.i], items };
  }

  private inlineTable(): TableNode {
    const start = this.i;
    this.i++;
    const node = table(undefined, { inline: true });
    let afterComma = false;
    for (;;) {
      this.skipWs();
      const c = this.s[this.i];
      if (c === '\n' || c === '\r' || c === '#') throw new ScanError('newlines and comments are not allowed in an inline table in TOML 1.0', this.i);
      if (c === '}') {
        if (afterComma) throw new ScanError('trailing comma in an inline table is not allowed in TOML 1.0', this.i);
        break;
      }
      this.keyval(node, false);
      this.skipWs();
      afterComma = this.s[this.i] === ',';
      if (afterComma) this.i++;
    }
    this.i++;
    node.span = [start, this.i];
    return node;
  }
}

// ── The toml crate's error text ─────────────────────────────────────────────

const utf8Length = (text: string) => Buffer.byteLength(text, 'utf8');

/** TomlError's Display (toml_edit 0.22): position, a frame around the line, the message. */
function tomlDisplay(text: string, span: Span, message: string): ForgeflareTomlRejection & { exact: true } {
  const before = text.slice(0, span[0]);
  const lineIndex = before.split('\n').length - 1;
  const lineStart = before.lastIndexOf('\n') + 1;
  const column = Array.from(text.slice(lineStart, span[0])).length;
  const content = text.split('\n')[lineIndex] ?? '';
  const spanBytes = utf8Length(text.slice(span[0], span[1]));
  const highlight = Math.min(spanBytes, Math.max(utf8Length(content) - column, 0));
  const lineNum = String(lineIndex + 1);
  const gutter = ' '.repeat(lineNum.length + 1);
  const display = `TOML parse error at line ${lineNum}, column ${column + 1}\n${gutter}|\n${lineNum} | ${content}\n${gutter}|${' '.repeat(column + 1)}^${'^'.repeat(Math.max(highlight - 1, 0))}\n${message}\n`;
  return { line: lineIndex + 1, column: column + 1, message, display, exact: true };
}

/** Rust's `{:?}` of a str. */
function rustDebugString(value: string): string {
  let out = '"';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\0') out += '\\0';
    else if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0)) out += `\\u{${code.toString(16)}}`;
    else out += ch;
  }
  return `${out}"`;
}

/** Rust's `{}` of an f64 (shortest round-trip digits, never an exponent). */
export function rustFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  if (Object.is(value, -0)) return '-0';
  const negative = value < 0;
  const [mantissa, exp] = Math.abs(value).toExponential().split('e') as [string, string];
  const digits = mantissa.replace('.', '');
  const point = Number(exp) + 1;
  let body: string;
  if (point <= 0) body = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) body = digits + '0'.repeat(point - digits.length);
  else body = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return (negative ? '-' : '') + body;
}

/** serde's `Unexpected` for a TOML value. */
function unexpected(node: Node, value: unknown): string {
  switch (node.kind) {
    case 'string': return `string ${rustDebugString(String(value))}`;
    case 'integer': return `integer \`${String(value)}\``;
    case 'float': {
      const text = rustFloat(Number(value));
      return `floating point \`${Number.isFinite(Number(value)) && !text.includes('.') ? `${text}.0` : text}\``;
    }
    case 'boolean': return `boolean \`${String(value)}\``;
    case 'array':
    case 'aot': return 'sequence';
    default: return 'map';
  }
}

function nodeSpan(node: Node): Span | undefined {
  if (node.kind === 'aot') {
    const first = node.items[0]?.span;
    const last = node.items[node.items.length - 1]?.span;
    return first && last ? [first[0], last[1]] : undefined;
  }
  return node.span;
}

const FIELDS: { name: keyof HookConfigRecord; type: 'string' | 'u64' }[] = [
  { name: 'event', type: 'string' },
  { name: 'command', type: 'string' },
  { name: 'match_tool', type: 'string' },
  { name: 'phase', type: 'string' },
  { name: 'timeout_ms', type: 'u64' },
];

class SerdeError extends Error {
  constructor(message: string, readonly span: Span | undefined) {
    super(message);
  }
}

function hookConfig(node: Node, value: unknown): HookConfigRecord {
  if (node.kind !== 'table') throw new SerdeError(`invalid type: ${unexpected(node, value)}, expected struct HookConfig`, nodeSpan(node));
  const values = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, child] of node.entries) {
    const field = FIELDS.find((f) => f.name === key);
    if (!field) continue; // unknown keys are ignored
    const v = values[key];
    const span = nodeSpan(child);
    if (field.type === 'string') {
      if (child.kind !== 'string') throw new SerdeError(`invalid type: ${unexpected(child, v)}, expected a string`, span);
      out[key] = v;
    } else {
      if (child.kind !== 'integer') throw new SerdeError(`invalid type: ${unexpected(child, v)}, expected u64`, span);
      if (BigInt(v as number | bigint) < 0n) throw new SerdeError(`invalid value: integer \`${String(v)}\`, expected u64`, span);
      out[key] = Number(v);
    }
  }
  for (const required of ['event', 'command']) {
    if (!(required in out)) throw new SerdeError(`missing field \`${required}\``, node.span);
  }
  return out as unknown as HookConfigRecord;
}

function hooksFile(root: TableNode, value: Record<string, unknown>): HookConfigRecord[] {
  const node = root.entries.get('hooks');
  if (node === undefined) throw new SerdeError('missing field `hooks`', root.span);
  const list = value.hooks;
  if (node.kind === 'aot') return node.items.map((item, i) => hookConfig(item, (list as unknown[])[i]));
  if (node.kind === 'array') return node.items.map((item, i) => hookConfig(item, (list as unknown[])[i]));
  throw new SerdeError(`invalid type: ${unexpected(node, list)}, expected a sequence`, nodeSpan(node));
}

function syntaxRejection(text: string, index: number, message: string): ForgeflareTomlRejection {
  return { ...tomlDisplay(text, [index, index], message), exact: false };
}

/**
 * Read a hooks.toml as forgeflare would: the hooks it runs, or why it rejects the whole file
 * (and so runs none).
 */
export function readForgeflareHooks(text: string): ForgeflareHooksRead {
  let value: Record<string, unknown>;
  const { parse: parseToml, TomlError: SmolTomlError } = smolToml();
  try {
    value = parseToml(text, { integersAsBigInt: 'asNeeded' }) as Record<string, unknown>;
  } catch (error) {
    if (!(error instanceof SmolTomlError)) throw error;
    let lineStart = 0;
    for (let line = 1; line < error.line; line++) lineStart = text.indexOf('\n', lineStart) + 1;
    const index = lineStart + error.column - 1;
    const message = error.message.replace(/^Invalid TOML document: /, '').split('\n')[0]!;
    return { ok: false, error: syntaxRejection(text, Math.min(index, text.length), message) };
  }
  let root: TableNode;
  try {
    root = new Scanner(text).scan();
  } catch (error) {
    if (error instanceof ScanError) return { ok: false, error: syntaxRejection(text, error.index, error.message) };
    throw error;
  }
  try {
    return { ok: true, hooks: hooksFile(root, value) };
  } catch (error) {
    if (!(error instanceof SerdeError)) throw error;
    return { ok: false, error: tomlDisplay(text, error.span ?? [0, 0], error.message) };
  }
}

/** The loud one-line form: "<file>: forgeflare would run none of your hooks: line N: …". */
export function describeRejection(file: string, error: ForgeflareTomlRejection): string {
  return `${file}: forgeflare would run none of your hooks: line ${error.line}: ${error.message} (column ${error.column})`;
}
