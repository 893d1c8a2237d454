/**
 * Handlebars rendering for generated hooks. One isolated instance, no HTML
 * escaping (these are shell scripts), strict about missing variables, and a
 * few helpers that make config values safe to place in shell.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { TEMPLATES_DIR } from './package-info.js';

/** Single-quote a value for bash: the only way config text reaches a generated script. */
export function shellQuote(value: unknown): string {
  return `'${String(value).replace(/'/g, `'\\''`)}'`;
}

/** Escape text so a POSIX extended regex (grep -E) matches it literally. */
export function ereEscape(value: string): string {
  return value.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
}

function createRenderer(templatesDir: string): typeof Handlebars {
  const hbs = Handlebars.create();
  hbs.registerHelper('shq', (value: unknown) => shellQuote(value));
  hbs.registerHelper('shq-ere', (value: unknown) => shellQuote(ereEscape(String(value))));
  hbs.registerHelper('json', (value: unknown) => JSON.stringify(value));
  // Text for inside a JSON string literal (the quotes are the template's): generated case files.
  hbs.registerHelper('jsonText', (value: unknown) => JSON.stringify(String(value)).slice(1, -1));
  hbs.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  const partialsDir = join(templatesDir, 'partials');
  for (const file of readdirSync(partialsDir)) {
    // log.sh.hbs is the partial `log`: templates say {{> log}}.
    if (file.endsWith('.hbs')) hbs.registerPartial(file.replace(/\..*$/, ''), readFileSync(join(partialsDir, file), 'utf8'));
  }
  return hbs;
}

let renderer: typeof Handlebars | undefined;
const compiled = new Map<string, Handlebars.TemplateDelegate>();

/** Render templates/<template> with a context; unknown variables are errors, not empty strings. */
export function renderTemplate(template: string, context: Record<string, unknown>): string {
  renderer ??= createRenderer(TEMPLATES_DIR);
  let fn = compiled.get(template);
  if (!fn) {
    fn = renderer.compile(readFileSync(join(TEMPLATES_DIR, template), 'utf8'), { noEscape: true, strict: true });
    compiled.set(template, fn);
  }
  return fn(context);
}
