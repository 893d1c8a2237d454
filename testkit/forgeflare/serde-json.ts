/**
 * How forgeflare reads a hook's answer: `serde_json::from_str` into a derived struct
 * (GuardOutput { action: String, reason: Option<String> }, PostOutput { action, signal,
 * reason }) or into a `serde_json::Value` (Stop). Stricter than JSON.parse in the ways that
 * change an outcome: a known field given twice ("duplicate field"), a field of the wrong type
 * (`"reason": 5`), a missing `action`, an answer nested 128 arrays or objects deep (serde_json's
 * recursion limit; an unknown field is skipped at any depth); and, like serde, it accepts the struct as an array
 * (`["block", "why"]`) and ignores unknown fields. Errors carry serde_json's wording and
 * position ("… at line 1 column 26"), since forgeflare logs them for PostToolUse hooks.
 */

export type SerdeResult<T> = { ok: true; value: T } | { ok: false; error: string };

export interface StructField {
  name: string;
  /** Option<String> (null or absent → undefined) rather than String. */
  optional: boolean;
}

class JsonError extends Error {}

const WS = new Set([0x20, 0x0a, 0x0d, 0x09]);

class Reader {
  i = 0;
  constructor(readonly b: Buffer) {}

  position(index: number): string {
    let lineStart = this.b.lastIndexOf(0x0a, index - 1) + 1;
    if (index === 0) lineStart = 0;
    let line = 1;
    for (let k = 0; k < lineStart; k++) if (this.b[k] === 0x0a) line++;
    return `line ${line} column ${index - lineStart}`;
  }

  /** serde_json's `error`: the position after what was consumed. */
  error(message: string): JsonError {
    return new JsonError(`${message} at ${this.position(this.i)}`);
  }

  /** serde_json's `peek_error`: the position including the peeked byte. */
  peekError(message: string): JsonError {
    return new JsonError(`${message} at ${this.position(Math.min(this.i + 1, this.b.length))}`);
  }

  peek(): number | undefined {
    return this.b[this.i];
  }

  ws(): number | undefined {
    while (this.i < this.b.length && WS.has(this.b[this.i]!)) this.i++;
    return this.b[this.i];
  }

  ident(rest: string): void {
    for (const ch of rest) {
      const next = this.b[this.i++];
      if (next === undefined) throw this.error('EOF while parsing a value');
      if (next !== ch.charCodeAt(0)) throw this.error('expected ident');
    }
  }

  string(): string {
    // at the opening quote
    this.i++;
    const parts: number[] = [];
    for (;;) {
      const c = this.b[this.i++];
      if (c === undefined) throw this.error('EOF while parsing a string');
      if (c === 0x22) return Buffer.from(parts).toString('utf8');
      if (c < 0x20) throw this.error('control character (\\u0000-\\u001F) found while parsing a string');
      if (c !== 0x5c) {
        parts.push(c);
        continue;
      }
      const e = this.b[this.i++];
      if (e === undefined) throw this.error('EOF while parsing a string');
      const simple: Record<number, number> = { 0x22: 0x22, 0x5c: 0x5c, 0x2f: 0x2f, 0x62: 8, 0x66: 12, 0x6e: 10, 0x72: 13, 0x74: 9 };
      if (e in simple) {
        parts.push(simple[e]!);
        continue;
      }
      if (e !== 0x75) throw this.error('invalid escape');
      let code = this.hex4();
      if (code >= 0xdc00 && code <= 0xdfff) throw this.error('lone leading surrogate in hex escape');
      if (code >= 0xd800 && code <= 0xdbff) {
        if (this.b[this.i] !== 0x5c || this.b[this.i + 1] !== 0x75) throw this.error('unexpected end of hex escape');
        this.i += 2;
        const low = this.hex4();
        if (low < 0xdc00 || low > 0xdfff) throw this.error('lone leading surrogate in hex escape');
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
      }
      parts.push(...Buffer.from(String.fromCodePoint(code), 'utf8'));
    }
  }

  private hex4(): number {
    let n = 0;
    for (let k = 0; k < 4; k++) {
      const c = this.b[this.i++];
      if (c === undefined) throw this.error('EOF while parsing a string');
      const d = parseInt(String.fromCharCode(c), 16);
      if (Number.isNaN(d)) throw this.error('invalid escape');
      n = n * 16 + d;
    }
    return n;
  }

  /** A number; returns its text. */
  number(): string {
    const start = this.i;
    if (this.b[this.i] === 0x2d) this.i++;
    const digit = () => this.b[this.i] !== undefined && this.b[this.i]! >= 0x30 && this.b[this.i]! <= 0x39;
    if (!digit()) throw this.i >= this.b.length ? this.error('EOF while parsing a value') : this.peekError('invalid number');
    if (this.b[this.i] === 0x30) {
      this.i++;
      if (digit()) throw this.peekError('invalid number');
    } else while (digit()) this.i++;
    if (this.b[this.i] === 0x2e) {
      this.i++;
      if (!digit()) throw this.i >= this.b.length ? this.error('EOF while parsing a value') : this.peekError('invalid number');
      while (digit()) this.i++;
    }
    if (this.b[this.i] === 0x65 || this.b[this.i] === 0x45) {
      this.i++;
      if (this.b[this.i] === 0x2b || this.b[this.i] === 0x2d) this.i++;
      if (!digit()) throw this.i >= this.b.length ? this.error('EOF while parsing a value') : this.peekError('invalid number');
      while (digit()) this.i++;
    }
    return this.b.subarray(start, this.i).toString('latin1');
  }

  /**
   * Any value (serde_json::Value, or an ignored field). `depth`: the arrays and objects around
   * it. serde_json's recursion limit: a Deserializer starts with 128 levels and every `[` or `{`
   * takes one, so the 128th array or object inside another is an error, placed at its bracket
   * (127 nested levels read). An ignored value (an unknown field of a struct) is skipped
   * without that count (`limited` false): serde_json's ignore_value does not recurse.
   */
  value(depth = 0, limited = true): unknown {
    const c = this.ws();
    if (c === undefined) throw this.peekError('EOF while parsing a value');
    if (limited && (c === 0x5b || c === 0x7b) && depth >= 127) throw this.peekError('recursion limit exceeded');
    switch (c) {
      case 0x6e: this.i++; this.ident('ull'); return null;
      case 0x74: this.i++; this.ident('rue'); return true;
      case 0x66: this.i++; this.ident('alse'); return false;
      case 0x22: return this.string();
      case 0x5b: {
        this.i++;
        const out: unknown[] = [];
        for (let first = true; ; first = false) {
          let p = this.ws();
          if (p === 0x5d) break;
          if (!first) {
            if (p === undefined) throw this.peekError('EOF while parsing a list');
            if (p !== 0x2c) throw this.peekError('expected `,` or `]`');
            this.i++;
            p = this.ws();
            if (p === 0x5d) throw this.peekError('trailing comma');
          }
          if (p === undefined) throw this.peekError('EOF while parsing a list');
          out.push(this.value(depth + 1, limited));
        }
        this.i++;
        return out;
      }
      case 0x7b: {
        this.i++;
        const out: Record<string, unknown> = {};
        for (let first = true; ; first = false) {
          let p = this.ws();
          if (p === 0x7d) break;
          if (!first) {
            if (p === undefined) throw this.peekError('EOF while parsing an object');
            if (p !== 0x2c) throw this.peekError('expected `,` or `}`');
            this.i++;
            p = this.ws();
          }
          if (p === 0x7d) throw this.peekError('trailing comma');
          if (p === undefined) throw this.peekError('EOF while parsing a value');
          if (p !== 0x22) throw this.peekError('key must be a string');
          const key = this.string();
          this.colon();
          out[key] = this.value(depth + 1, limited);
        }
        this.i++;
        return out;
      }
      default: {
        if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
          const text = this.number();
          const n = Number(text);
          if (!Number.isFinite(n)) throw this.error('number out of range');
          return n;
        }
        throw this.peekError('expected value');
      }
    }
  }

  colon(): void {
    const c = this.ws();
    if (c === 0x3a) {
      this.i++;
      return;
    }
    throw this.peekError(c === undefined ? 'EOF while parsing an object' : 'expected `:`');
  }

  end(): void {
    if (this.ws() !== undefined) throw this.peekError('trailing characters');
  }
}

/** serde's Unexpected, as serde_json words it, for the value at the reader (consumed, except arrays and objects). */
function invalidType(r: Reader, expected: string): JsonError {
  const c = r.ws();
  let what: string;
  switch (c) {
    case 0x6e: r.i++; r.ident('ull'); what = 'null'; break;
    case 0x74: r.i++; r.ident('rue'); what = 'boolean `true`'; break;
    case 0x66: r.i++; r.ident('alse'); what = 'boolean `false`'; break;
    case 0x22: what = `string ${JSON.stringify(r.string())}`; break;
    case 0x5b: what = 'sequence'; break;
    case 0x7b: what = 'map'; break;
    default: {
      if (c !== undefined && (c === 0x2d || (c >= 0x30 && c <= 0x39))) {
        const text = r.number();
        const float = String(Number(text));
        what = /[.eE]/.test(text) ? `floating point \`${/[.e]/.test(float) ? float : `${float}.0`}\`` : `integer \`${text}\``;
        break;
      }
      return r.peekError('expected value');
    }
  }
  return r.error(`invalid type: ${what}, expected ${expected}`);
}

function readString(r: Reader, optional: boolean): string | undefined {
  const c = r.ws();
  if (c === undefined) throw r.peekError('EOF while parsing a value');
  if (optional && c === 0x6e) {
    r.i++;
    r.ident('ull');
    return undefined;
  }
  if (c === 0x22) return r.string();
  throw invalidType(r, 'a string');
}

/**
 * serde_json::from_str::<Struct>: `name` is the Rust struct's name (GuardOutput, PostOutput),
 * `fields` its fields in declaration order, all strings (`optional`: Option<String>).
 */
export function parseStruct(text: string, name: string, fields: StructField[]): SerdeResult<Record<string, string | undefined>> {
  const r = new Reader(Buffer.from(text, 'utf8'));
  try {
    const c = r.ws();
    if (c === undefined) throw r.peekError('EOF while parsing a value');
    const out: Record<string, string | undefined> = {};
    if (c === 0x7b) {
      r.i++;
      let failure: JsonError | undefined;
      try {
        const seen = new Set<string>();
        for (let first = true; ; first = false) {
          let p = r.ws();
          if (p === 0x7d) break;
          if (!first) {
            if (p === undefined) throw r.peekError('EOF while parsing an object');
            if (p !== 0x2c) throw r.peekError('expected `,` or `}`');
            r.i++;
            p = r.ws();
          }
          if (p === 0x7d) throw r.peekError('trailing comma');
          if (p === undefined) throw r.peekError('EOF while parsing a value');
          if (p !== 0x22) throw r.peekError('key must be a string');
          const key = r.string();
          const field = fields.find((f) => f.name === key);
          if (field && seen.has(key)) throw r.error(`duplicate field \`${key}\``);
          r.colon();
          if (!field) {
            r.value(1, false);
            continue;
          }
          seen.add(key);
          out[key] = readString(r, field.optional);
        }
        const missing = fields.find((f) => !f.optional && !seen.has(f.name));
        if (missing) {
          // serde_json consumes the closing brace before placing the error.
          r.i++;
          throw r.error(`missing field \`${missing.name}\``);
        }
        r.i++;
      } catch (error) {
        failure = error as JsonError;
      }
      if (failure) throw failure;
    } else if (c === 0x5b) {
      r.i++;
      for (const [index, field] of fields.entries()) {
        let p = r.ws();
        if (p === 0x5d) throw r.error(`invalid length ${index}, expected struct ${name} with ${fields.length} elements`);
        if (index > 0) {
          if (p === undefined) throw r.peekError('EOF while parsing a list');
          if (p !== 0x2c) throw r.peekError('expected `,` or `]`');
          r.i++;
          p = r.ws();
          if (p === 0x5d) throw r.peekError('trailing comma');
        }
        if (p === undefined) throw r.peekError('EOF while parsing a list');
        out[field.name] = readString(r, field.optional);
      }
      const p = r.ws();
      if (p === 0x5d) r.i++;
      else if (p === undefined) throw r.peekError('EOF while parsing a list');
      else {
        if (p === 0x2c) r.i++;
        throw r.peekError(r.ws() === 0x5d ? 'trailing comma' : 'trailing characters');
      }
    } else {
      throw invalidType(r, `struct ${name}`);
    }
    r.end();
    return { ok: true, value: out };
  } catch (error) {
    if (error instanceof JsonError) return { ok: false, error: error.message };
    throw error;
  }
}

/** serde_json::from_str::<Value>. */
export function parseJsonValue(text: string): SerdeResult<unknown> {
  const r = new Reader(Buffer.from(text, 'utf8'));
  try {
    const value = r.value();
    r.end();
    return { ok: true, value };
  } catch (error) {
    if (error instanceof JsonError) return { ok: false, error: error.message };
    throw error;
  }
}

/** serde_json's Value serialization (no preserve_order): object keys sorted, nested objects too. */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort(compareUtf8)) out[key] = sortKeysDeep((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/** BTreeMap<String, _> order: bytewise UTF-8. */
function compareUtf8(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** serde_json::to_string of a Value: compact, object keys sorted bytewise at every depth. */
export function toSortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => toSortedJson(v === undefined ? null : v)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => compareUtf8(a, b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${toSortedJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
