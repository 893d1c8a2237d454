/**
 * The names a piece of bash reads and assigns, close enough to check the guard's rule
 * context: comments and the literal text of strings are dropped (a reason that says "the
 * path" does not read `path`), every other identifier counts as read, an over-estimate on
 * purpose. Handlebars expressions are dropped first, so a rule's partials can be read as
 * they are in their folder.
 */

/** The code of SOURCE without comments, Handlebars and literal string text: what may name a variable. */
export function codeWords(source: string): string {
  const text = source.replace(/\{\{!--[\s\S]*?--\}\}/g, ' ').replace(/\{\{[^}]*\}\}/g, ' ');
  let out = '';
  let i = 0;
  let inDouble = false;
  // Inside "…": only $name and ${…} are code; `depth` counts the braces of a ${…} being copied.
  let depth = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1] ?? '';
    if (depth > 0) {
      if (c === '{') depth++;
      if (c === '}') depth--;
      out += c;
      i++;
      continue;
    }
    if (c === '\\') {
      i += 2;
      out += ' ';
      continue;
    }
    if (c === '$' && next === '{') {
      depth = 1;
      out += ' ${';
      i += 2;
      continue;
    }
    if (c === '$' && /[A-Za-z_]/.test(next)) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i + 1))![0];
      out += ` $${name} `;
      i += 1 + name.length;
      continue;
    }
    if (inDouble) {
      if (c === '"') inDouble = false;
      i++;
      continue;
    }
    if (c === '"') {
      inDouble = true;
      out += ' ';
      i++;
      continue;
    }
    if (c === "'") {
      // '…' and $'…' (the $ was copied as a plain character): nothing in them is code.
      const end = text.indexOf("'", i + 1);
      if (text[i - 1] === '$') {
        let j = i + 1;
        while (j < text.length && text[j] !== "'") j += text[j] === '\\' ? 2 : 1;
        i = j + 1;
      } else {
        i = end < 0 ? text.length : end + 1;
      }
      out += ' ';
      continue;
    }
    if (c === '#' && (i === 0 || /\s/.test(text[i - 1]!))) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

/** An identifier, not part of an option (-n, --list), a path (/root), an escape or a longer word. */
const NAME = /(?<![-\w./:@%+\\])[A-Za-z_][A-Za-z0-9_]*/g;
/** A case item's patterns (`start | stop)`, `of=*)`): words to match, not names. */
const CASE_ITEM = /^\s*\(?[^\s()$;]+(?:\s*\|\s*[^\s()$;]+)*\)/gm;
/** Words of bash itself that the assignment patterns would take for names (`if=*)` in a case). */
const KEYWORDS = new Set(['if', 'then', 'else', 'elif', 'fi', 'case', 'esac', 'for', 'while', 'until', 'do', 'done', 'in', 'function', 'select', 'time', 'coproc']);
/**
 * Where bash reads a variable: $name, ${…} (its subscripts and operands too), arithmetic
 * (( … )), a nameref's target, and the array names the core's list helpers take.
 */
const READS = [
  /\$([A-Za-z_][A-Za-z0-9_]*)/g,
  /\$\{([^}]*)\}/g,
  /\(\(([\s\S]*?)\)\)/g,
  /\blocal\s+-n\s+([^;&|\n]*)/g,
  /\b(?:lines_of|first_line_match|key_part)\s+([A-Za-z_][A-Za-z0-9_]*)/g,
];

/** Every name the code of SOURCE reads (see codeWords and READS). */
export function namesRead(source: string): Set<string> {
  const code = codeWords(source);
  const names = new Set<string>();
  for (const pattern of READS) {
    for (const m of code.matchAll(pattern)) {
      // A nameref reads the name after its =; in ${…}, a bracket expression of a pattern
      // (${s%%[a-zA-Z]*}) holds letters, not names (a subscript follows its name: a[k]).
      const text = pattern === READS[3] ? m[1]!.replace(/[A-Za-z_][A-Za-z0-9_]*=/g, ' ')
        : pattern === READS[1] ? m[1]!.replace(/(?<![A-Za-z0-9_\]])\[[^\]]*\]/g, ' ') : m[1]!;
      for (const name of text.match(NAME) ?? []) names.add(name);
    }
  }
  return names;
}

/**
 * The names SOURCE assigns: local/declare/readonly, NAME=, NAME+=, for NAME, printf -v NAME, read … NAME.
 * With `values`, only the names given a value: a bare `local NAME` scopes a name a helper of the
 * core then sets (safe_path's TARGET), which gives it no value of the rule's own.
 */
export function namesAssigned(source: string, { values = false }: { values?: boolean } = {}): Set<string> {
  const code = codeWords(source).replace(CASE_ITEM, ' ');
  const names = new Set<string>();
  const add = (text: string, declaration = false) => {
    for (const word of text.split(/\s+/)) {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)(\[|\+?=|$)/.exec(word);
      if (m && !word.startsWith('-') && !(values && declaration && m[2] === '')) names.add(m[1]!);
    }
  };
  for (const m of code.matchAll(/\b(?:local|declare|readonly)((?:\s+-[a-zA-Z]+)*)\s+([^;&|\n]*)/g)) add(m[2]!, true);
  // At the start of a statement: `x=1`, `a && b=2`, `then c+=3`, `d[k]=4` (not `[[ $a == of=* ]]`).
  for (const m of code.matchAll(/(?:^|[;&|({]|\b(?:then|do|else)\b)\s*([A-Za-z_][A-Za-z0-9_]*)(?:\[[^\]=]*\])?\+?=/gm)) names.add(m[1]!);
  for (const m of code.matchAll(/\bfor\s+(?:\(\(\s*)?([A-Za-z_][A-Za-z0-9_]*)/g)) names.add(m[1]!);
  for (const m of code.matchAll(/\bprintf\s+-v\s+([A-Za-z_][A-Za-z0-9_]*)/g)) names.add(m[1]!);
  for (const m of code.matchAll(/\bread\s+((?:-[a-zA-Z]+\s+)*)([A-Za-z_][A-Za-z0-9_\s]*)/g)) add(m[2]!.split('\n')[0]!);
  for (const m of code.matchAll(/\bcoproc\s+([A-Za-z_][A-Za-z0-9_]*)/g)) names.add(m[1]!);
  for (const keyword of KEYWORDS) names.delete(keyword);
  return names;
}

/** The names SOURCE declares local (local, declare inside a function): its own, whatever the core has. */
export function namesLocal(source: string): Set<string> {
  const names = new Set<string>();
  for (const m of codeWords(source).matchAll(/\b(?:local|declare)((?:\s+-[a-zA-Z]+)*)\s+([^;&|\n]*)/g)) {
    for (const word of m[2]!.split(/\s+/)) {
      const name = /^([A-Za-z_][A-Za-z0-9_]*)(\[|=|$)/.exec(word);
      if (name) names.add(name[1]!);
    }
  }
  return names;
}
