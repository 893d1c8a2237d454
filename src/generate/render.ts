/**
 * Handlebars rendering for generated hooks. One isolated instance, no HTML
 * escaping (these are shell scripts), strict about missing variables, and a
 * few helpers that make config values safe to place in shell. The templates are
 * precompiled by the build, so only Handlebars' runtime is loaded; its parser and
 * compiler (some 50 modules, 20 ms of every start) only for a template that is not.
 */
import { fileCommand } from '../package-managers/project.js';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Handlebars from 'handlebars';
import { fullHandlebars, handlebarsRuntime, precompiledTemplates } from '../util/lazy-require.js';
import { PACKAGE_ROOT, TEMPLATES_DIR } from '../util/package-info.js';
import { ereEscape } from '../util/ere.js';

/** Handlebars' runtime, which is all precompiled templates need. */
const runtime = handlebarsRuntime();

/** What Handlebars.precompile returns (a global type in its typings). */
type TemplateSpecification = Parameters<typeof Handlebars.template>[0];

/** Single-quote a value for bash: the only way config text reaches a generated script. */
export function shellQuote(value: unknown): string {
  return `'${String(value).replace(/'/g, `'\\''`)}'`;
}

/**
 * A value for a line comment (`#` or `//`): control characters (newlines included) and the
 * Unicode line and paragraph separators are escaped the way JSON escapes them, so the text
 * stays on the comment's line whatever it holds.
 */
export function commentText(value: unknown): string {
  return String(value).replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, (c) => JSON.stringify(c).slice(1, -1).replace(/^\u007f$/, '\\u007f').replace(/^[\u2028\u2029]$/, (sep) => `\\u${sep.charCodeAt(0).toString(16)}`));
}

export { ereEscape } from '../util/ere.js';

function createRenderer(templatesDir: string): typeof Handlebars {
  const hbs = runtime.create();
  hbs.registerHelper('shq', (value: unknown) => shellQuote(value));
  hbs.registerHelper('shq-ere', (value: unknown) => shellQuote(ereEscape(String(value))));
  hbs.registerHelper('json', (value: unknown) => JSON.stringify(value));
  // Text for inside a JSON string literal (the quotes are the template's): generated case files.
  hbs.registerHelper('jsonText', (value: unknown) => JSON.stringify(String(value)).slice(1, -1));
  // A glob as a case pattern: its literal parts quoted, its `*` left to match.
  hbs.registerHelper('glob', (value: unknown) => String(value).split('*').map((part) => (part ? shellQuote(part) : '')).join('*'));
  hbs.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  // Text in a comment (# or //): one line, control characters escaped, so no value ends the comment.
  hbs.registerHelper('comment', (value: unknown) => commentText(value));
  // A value placed as a bare word (a file name, a path from the code): refused unless it is one.
  hbs.registerHelper('word', (value: unknown) => {
    const text = String(value);
    if (!/^[A-Za-z0-9_.\/:@+-]+$/.test(text)) throw new Error(`expected one plain word for the template, got ${JSON.stringify(text)}`);
    return text;
  });
  // A command a generated file names (`ralph-hooks generate`, `vitest run …`), in the project's
  // package manager (fileCommand): plain words only, so it sits as it is in a comment, a quoted
  // string or a printf format.
  hbs.registerHelper('cmd', (value: unknown) => {
    const text = fileCommand(String(value));
    if (!/^[A-Za-z0-9_.\/:@=+ -]+$/.test(text)) throw new Error(`expected a command of plain words for the template, got ${JSON.stringify(text)}`);
    return text;
  });
  // A whole number in code: anything else is a template bug, not something to render.
  hbs.registerHelper('int', (value: unknown) => {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new Error(`expected a whole number for the template, got ${JSON.stringify(value)}`);
    return String(value);
  });
  const partialsDir = join(templatesDir, 'partials');
  for (const file of readdirSync(partialsDir)) {
    // log.sh.hbs is the partial `log`: templates say {{> log}}. Compiled here with the
    // templates' options (compiling is deferred to the first use either way).
    if (file.endsWith('.hbs')) hbs.registerPartial(file.replace(/\..*$/, ''), compileWith(hbs, readFileSync(join(partialsDir, file), 'utf8')));
  }
  return hbs;
}

const COMPILE_OPTIONS = { noEscape: true, strict: true } as const;

/**
 * Templates precompiled by `npm run build` (scripts/precompile-templates.mjs), by the SHA-1 of
 * their source; null when there are none (a checkout not built yet). A source edited since the
 * build has another hash and is compiled afresh.
 */
let precompiled: Record<string, TemplateSpecification> | null | undefined;

function precompiledSpec(source: string): TemplateSpecification | undefined {
  if (precompiled === undefined) precompiled = precompiledTemplates(PACKAGE_ROOT) as Record<string, TemplateSpecification> | null;
  return precompiled?.[createHash('sha1').update(source).digest('hex')];
}

function compileWith(hbs: typeof Handlebars, source: string): Handlebars.TemplateDelegate {
  const spec = precompiledSpec(source);
  if (spec) {
    try {
      return hbs.template(spec);
    } catch {
      // Precompiled by another Handlebars than the one installed (its compiler revision
      // differs): compile the source instead.
    }
  }
  return hbs.template(precompileNow(source));
}

/**
 * A template the build did not precompile (edited since, or a rule folder of a test),
 * precompiled now by the full Handlebars, loaded on first use: the same text the build
 * writes into dist/templates.precompiled.cjs, made an object the same way.
 */
function precompileNow(source: string): TemplateSpecification {
  return new Function(`return ${fullHandlebars().precompile(source, COMPILE_OPTIONS)}`)() as TemplateSpecification;
}

let renderer: typeof Handlebars | undefined;
const compiled = new Map<string, Handlebars.TemplateDelegate>();
const compiledPartials = new Map<string, Handlebars.TemplateDelegate>();

function compile(source: string): Handlebars.TemplateDelegate {
  renderer ??= createRenderer(TEMPLATES_DIR);
  return compileWith(renderer, source);
}

/**
 * Render templates/<template> with a context; unknown variables are errors, not empty strings.
 * `partials` (name → source) add to the shared ones for this render: a guard's rules, say,
 * which a template includes by name ({{> (lookup . "partial")}}).
 */
export function renderTemplate(template: string, context: Record<string, unknown>, partials: Record<string, string> = {}): string {
  let fn = compiled.get(template);
  if (!fn) {
    fn = compile(readFileSync(join(TEMPLATES_DIR, template), 'utf8'));
    compiled.set(template, fn);
  }
  const extra: Record<string, Handlebars.TemplateDelegate> = {};
  for (const [name, source] of Object.entries(partials)) {
    let partial = compiledPartials.get(source);
    if (!partial) {
      partial = compile(source);
      compiledPartials.set(source, partial);
    }
    extra[name] = partial;
  }
  return fn(context, { partials: extra });
}
