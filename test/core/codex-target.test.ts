import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'smol-toml';
import { codexHooksFeature, mergeCodexConfig } from '../../src/registration/codex-config-toml.js';
import { TARGETS } from '../../src/targets/index.js';
import { claudeCodeVersion, codexVersion, copilotVersion, droidVersion, qwenCodeVersion } from '../../testkit/clients/index.js';
import { geminiVersion } from '../../testkit/clients/gemini.js';
import { ralphHooks, snapshot, tempDir } from '../helpers/cli.js';

const CONFIG = '.codex/config.toml';

describe('[features] hooks = true in .codex/config.toml', () => {
  it('creates a two-line file when there is none', () => {
    expect(mergeCodexConfig(undefined, CONFIG)).toBe('[features]\nhooks = true\n');
  });

  it('adds one line under an existing [features] table; comments, order and other tables survive', () => {
    const text = '# my Codex settings\nmodel = "o4"  # pinned\n\n[features]\n# experiments\nweb_search = true\n\n[tui]\ntheme = "dark"\n';
    const merged = mergeCodexConfig(text, CONFIG);
    expect(merged).toBe('# my Codex settings\nmodel = "o4"  # pinned\n\n[features]\nhooks = true\n# experiments\nweb_search = true\n\n[tui]\ntheme = "dark"\n');
    expect(parse(merged)).toEqual({ model: 'o4', features: { hooks: true, web_search: true }, tui: { theme: 'dark' } });
  });

  it('appends a [features] table at the end when there is none, after a blank line', () => {
    expect(mergeCodexConfig('model = "o4"\n[tui]\ntheme = "dark"', CONFIG)).toBe('model = "o4"\n[tui]\ntheme = "dark"\n\n[features]\nhooks = true\n');
  });

  it('uses a dotted key when the file writes features that way', () => {
    const merged = mergeCodexConfig('features.web_search = true\n[tui]\ntheme = "dark"\n', CONFIG);
    expect(merged).toBe('features.web_search = true\nfeatures.hooks = true\n[tui]\ntheme = "dark"\n');
    expect(codexHooksFeature(merged, CONFIG)).toBe('on');
  });

  it('leaves the file byte for byte when hooks is on (or on under its old name codex_hooks), and when the user turned it off', () => {
    for (const text of ['[features]\nhooks = true\n', '[features]\r\ncodex_hooks = true\r\n', '# off on purpose\n[features]\nhooks = false\n']) {
      expect(mergeCodexConfig(text, CONFIG)).toBe(text);
    }
    expect(codexHooksFeature('[features]\nhooks = false\n', CONFIG)).toBe('off');
  });

  it('keeps CRLF line endings', () => {
    expect(mergeCodexConfig('[features]\r\nweb_search = true\r\n', CONFIG)).toBe('[features]\r\nhooks = true\r\nweb_search = true\r\n');
  });

  it('refuses a file that is not TOML, naming it, and one it cannot edit safely', () => {
    expect(() => mergeCodexConfig('[features\nhooks = ', CONFIG)).toThrow(/\.codex\/config\.toml is not valid TOML .*left the file untouched/);
    expect(() => mergeCodexConfig('features = { web_search = true }\n', CONFIG)).toThrow(/cannot add `hooks = true`/);
  });
});

describe('the codex-project target', () => {
  it('is a file of its own with what Codex needs', () => {
    expect(TARGETS['codex-project']).toMatchObject({ agent: 'codex', contract: 'codex', hooksDir: '.codex/hooks', registrationFile: '.codex/hooks.json' });
  });

  it('generate: hooks.json merged (foreign hooks and keys kept), config.toml edited; a second run changes nothing, byte for byte', () => {
    const root = tempDir();
    mkdirSync(join(root, '.codex'));
    const foreign = { description: 'team hooks', hooks: { Stop: [{ hooks: [{ type: 'command', command: 'notify-send done' }] }], PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './mine.sh' }] }] } };
    writeFileSync(join(root, '.codex/hooks.json'), JSON.stringify(foreign, null, 2));
    writeFileSync(join(root, CONFIG), '# team config\n[features]\nweb_search = true\n');
    writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ target: 'codex-project', hooks: [{ kind: 'stop-watcher', preset: 'specum' }, { kind: 'guard', preset: 'guard' }] }));
    const first = ralphHooks(['generate'], { cwd: root });
    expect(first.status, first.stderr).toBe(0);
    const hooks = JSON.parse(readFileSync(join(root, '.codex/hooks.json'), 'utf8'));
    expect(hooks.description).toBe('team hooks');
    expect(hooks.hooks.Stop).toEqual([
      { hooks: [{ type: 'command', command: 'notify-send done' }] },
      { hooks: [{ type: 'command', command: 'bash "$(git rev-parse --show-toplevel 2>/dev/null || pwd)"/.codex/hooks/stop-watcher.sh' }] },
    ]);
    expect(hooks.hooks.PreToolUse[0]).toEqual(foreign.hooks.PreToolUse[0]);
    expect(hooks.hooks.PreToolUse[1].matcher).toBe('*');
    expect(readFileSync(join(root, CONFIG), 'utf8')).toBe('# team config\n[features]\nhooks = true\nweb_search = true\n');
    const script = readFileSync(join(root, '.codex/hooks/stop-watcher.sh'), 'utf8');
    expect(script).toContain('readonly STALL_LIMIT=10');
    expect(script).toContain("readonly ON_STOP_HOOK_ACTIVE='continue'"); // Codex default (Claude Code's is 'progress')

    const before = snapshot(root);
    const second = ralphHooks(['generate'], { cwd: root });
    expect(second.status, second.stderr).toBe(0);
    expect(snapshot(root)).toEqual(before);
  });

  it('doctor reports hooks turned off in .codex/config.toml (RH20), and generate leaves that choice alone', () => {
    const root = tempDir();
    mkdirSync(join(root, '.codex'));
    writeFileSync(join(root, CONFIG), '[features]\nhooks = false\n');
    writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ target: 'codex-project', hooks: [{ kind: 'stop-watcher', preset: 'specum' }] }));
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    expect(readFileSync(join(root, CONFIG), 'utf8')).toBe('[features]\nhooks = false\n');
    const doctor = ralphHooks(['doctor'], { cwd: root });
    expect(doctor.stdout + doctor.stderr).toContain('RH20');
    expect(doctor.stdout + doctor.stderr).toContain('turns Codex hooks off');
  });

  it('the loop keeps its state in .codex/ and generates no slash commands under Codex', () => {
    const root = tempDir();
    writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ target: 'codex-project', hooks: [{ kind: 'stop-watcher', preset: 'loop' }] }));
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    expect(readFileSync(join(root, '.codex/hooks/stop-watcher.sh'), 'utf8')).toContain("readonly STATE_FILE_PATH='.codex/ralph-loop.local.md'");
    expect(Object.keys(snapshot(root)).filter((p) => p.startsWith('.codex/prompts'))).toEqual([]);
  });
});

describe('docs/codex.md', () => {
  it('shows the command generate registers', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../docs/codex.md'), 'utf8');
    const root = tempDir();
    writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ target: 'codex-project', hooks: [{ kind: 'stop-watcher', preset: 'specum' }] }));
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    const registered = JSON.parse(readFileSync(join(root, '.codex/hooks.json'), 'utf8')).hooks.Stop[0].hooks[0];
    const shown = JSON.parse(/```json\n(\{ "type": "command".*\})\n```/.exec(doc)![1]!);
    expect(shown).toEqual(registered);
  });
});

describe('docs/agents.md', () => {
  const doc = readFileSync(join(import.meta.dirname, '../../docs/agents.md'), 'utf8');

  it('lists exactly the shared scenario files, each naming all six agents', () => {
    const dir = join(import.meta.dirname, '../real-client/scenarios/shared');
    const files = readdirSync(dir).filter((f) => f.endsWith('.scenario.json')).map((f) => f.replace('.scenario.json', '')).sort();
    const listed = [...doc.matchAll(/^\| `([a-z-]+)` \| (?!proven|same|not|—|simulator)/gm)].map((m) => m[1]).sort();
    expect(listed).toEqual(files);
    for (const file of files) expect(JSON.parse(readFileSync(join(dir, `${file}.scenario.json`), 'utf8')).agents).toEqual(['claude-code', 'codex', 'qwen-code', 'copilot', 'gemini', 'droid']);
  });

  it('names the client versions that are installed (and so proven by the real-client tests)', () => {
    const claude = claudeCodeVersion();
    const codex = codexVersion();
    if (claude) expect(doc).toContain(`Claude Code ${claude}`);
    if (codex) expect(doc).toContain(`Codex CLI ${codex}`);
    for (const [name, version] of [['Qwen Code', qwenCodeVersion()], ['Copilot CLI', copilotVersion()], ['Gemini CLI', geminiVersion()], ['Factory droid', droidVersion()]]) {
      if (version) expect(doc).toContain(`${name} ${version}`);
    }
    if (codex) expect(readFileSync(join(import.meta.dirname, '../../docs/codex.md'), 'utf8')).toContain(`Codex CLI ${codex}`);
  });
});
