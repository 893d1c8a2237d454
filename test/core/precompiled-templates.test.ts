/**
 * `npm run build` precompiles every template (scripts/precompile-templates.mjs) so a generate
 * does not compile them again; render.ts uses a precompiled one only while its source still
 * has the hash it was built from. Here: the build has every template as it is on disk, and a
 * precompiled template renders exactly what compiling its source renders.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';

const BUILT = join(REPO_ROOT, 'dist/templates.precompiled.cjs');

function templateFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? templateFiles(path) : entry.name.endsWith('.hbs') ? [path] : [];
  });
}

describe('precompiled templates (npm run build)', () => {
  const specs = (existsSync(BUILT) ? createRequire(import.meta.url)(BUILT) : {}) as Record<string, Parameters<typeof Handlebars.template>[0]>;
  const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

  it('holds every template under templates/ as it is now', () => {
    const missing = templateFiles(join(REPO_ROOT, 'templates')).filter((file) => !(sha1(readFileSync(file, 'utf8')) in specs));
    expect(missing, 'run npm run build').toEqual([]);
  });

  it('renders what compiling the source renders (no HTML escaping, strict about missing values)', () => {
    const source = 'a={{value}} b={{#if flag}}{{> inner}}{{/if}}';
    const options = { noEscape: true, strict: true };
    const env = Handlebars.create();
    env.registerPartial('inner', env.compile('<{{value}}>&', options));
    const fromSpec = env.template(eval(`(${Handlebars.precompile(source, options)})`));
    const compiled = env.compile(source, options);
    const context = { value: `"<&'>"`, flag: true };
    expect(fromSpec(context)).toBe(compiled(context));
    expect(fromSpec(context)).toBe(`a="<&'>" b=<"<&'>">&`);
    expect(() => fromSpec({ flag: false })).toThrow(/"value" not defined/);
  });

  it('a spec from another Handlebars compiler revision is refused at once (render.ts then compiles the source)', () => {
    const spec = eval(`(${Handlebars.precompile('x', { noEscape: true, strict: true })})`) as { compiler: [number, string] };
    spec.compiler = [spec.compiler[0] + 1, '>= 5.0.0'];
    expect(() => Handlebars.create().template(spec as never)).toThrow(/precompiled with a newer version/);
  });
});
