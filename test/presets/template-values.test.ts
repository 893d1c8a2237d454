/**
 * Config values reach generated files only through the quoting helpers, comments included:
 * a value that slips past the schema (or one the schema allows) never becomes code. And path
 * options refuse control characters with an error that names the field.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load.js';
import { renderHooks } from '../../src/generate/render-hooks.js';
import { tempDir } from '../helpers/temp.js';

const HOSTILE = 'x.md\ntouch CANARY\n#\u2028import("node:fs").then((fs) => fs.writeFileSync("CANARY", ""))\n//';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Render a config whose path options were changed after validation, write it, run every script. */
function renderAndRun(hooks: unknown[], hostile: (options: Record<string, unknown>) => void) {
  const config = validateConfig({ hooks });
  for (const entry of config.hooks) hostile(entry.options as Record<string, unknown>);
  const root = tempDir('ralph-hooks-values-');
  dirs.push(root);
  const { files } = renderHooks(config);
  for (const file of files) {
    const path = join(root, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.content);
    if (file.executable) chmodSync(path, 0o755);
  }
  for (const file of files.filter((f) => f.executable)) {
    const interpreter = /\.[cm]js$/.test(file.path) ? process.execPath : 'bash';
    const args = file.path.includes('setup') ? ['--help'] : [];
    spawnSync(interpreter, [join(root, file.path), ...args], { cwd: root, input: JSON.stringify({ cwd: root, session_id: 's', stop_hook_active: false }), encoding: 'utf8', env: { ...process.env, CLAUDE_PROJECT_DIR: root } });
  }
  return { root, files };
}

describe('template values', () => {
  it.each(['bash', 'node'])('loop (%s): a stateFile holding newlines and code stays in its comment: nothing runs', (runtime) => {
    const { root, files } = renderAndRun([{ kind: 'stop-watcher', preset: 'loop', options: { runtime } }], (options) => {
      options.stateFile = HOSTILE;
    });
    expect(existsSync(join(root, 'CANARY'))).toBe(false);
    // In comments the value stays on its line; elsewhere it is inside quotes.
    for (const file of files) for (const line of file.content.split('\n')) if (/^\s*(#|\/\/)/.test(line) && line.includes('x.md')) expect(line).toContain('x.md\\ntouch CANARY');
  });

  it.each(['specum', 'speckit', 'passive'])('%s: path options holding newlines and code never become code', (preset) => {
    const { root, files } = renderAndRun([{ kind: 'stop-watcher', preset }], (options) => {
      for (const key of ['stateFile', 'settingsFile', 'currentSpecFile', 'currentFeatureFile', 'featuresDir']) if (key in options) options[key] = HOSTILE;
    });
    expect(existsSync(join(root, 'CANARY'))).toBe(false);
    // In comments the value stays on its line; elsewhere it is inside quotes.
    for (const file of files) for (const line of file.content.split('\n')) if (/^\s*(#|\/\/)/.test(line) && line.includes('x.md')) expect(line).toContain('x.md\\ntouch CANARY');
  });

  it.each([
    ['loop', 'stateFile'],
    ['specum', 'stateFile'],
    ['specum', 'settingsFile'],
    ['speckit', 'featuresDir'],
    ['passive', 'currentSpecFile'],
  ])('%s: a %s with a control character is a config error naming the field', (preset, field) => {
    expect(() => validateConfig({ hooks: [{ kind: 'stop-watcher', preset, options: { [field]: '.claude/x.md\ntouch /tmp/PWNED\n#' } }] })).toThrow(
      new RegExp(`options\\.${field}[\\s\\S]*control characters`),
    );
  });

  it('specsDirs entries are paths too', () => {
    expect(() => validateConfig({ hooks: [{ kind: 'stop-watcher', preset: 'specum', options: { specsDirs: ['./specs', 'a\tb'] } }] })).toThrow(/specsDirs[\s\S]*control characters/);
  });

  it('no template places a value without a helper (shq, json, jsonText, comment, int, word, …)', () => {
    const root = join(import.meta.dirname, '../../templates');
    const bare = /\{\{(?![#/>!~]|else\b)[A-Za-z_@][\w.[\]@-]*\}\}/g;
    const found: string[] = [];
    for (const file of readdirSync(root, { recursive: true }) as string[]) {
      if (!file.endsWith('.hbs')) continue;
      for (const match of readFileSync(join(root, file), 'utf8').matchAll(bare)) found.push(`${file}: ${match[0]}`);
    }
    expect(found).toEqual([]);
  });
});
