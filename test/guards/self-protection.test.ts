/**
 * The guard protects itself under every target (issue 39, item 7): ralph-hooks' own CLI may
 * not take the hooks away (uninstall, remove, --force, removing the package), and no agent's
 * hook folder or registration may be written, whatever this project's target: each target
 * declares its own (protectedPaths), harness-tamper protects the union. Each call is sent in
 * the target's own input shape (tool names, event names, Copilot's camelCase, forgeflare's).
 */
import { describe, expect, it } from 'vitest';
import { generateProject } from '../helpers/generate.js';
import { forgeflareGuardInput, runHook } from '../../testkit/index.js';
import { TARGETS, TARGET_PROTECTED_PATHS, type Target, type TargetId } from '../../src/targets/index.js';
import { globsToEre } from '../../src/presets/guard-rule.js';
import { mapLimit, scratchDir, verdict } from './helpers.js';

/** The CLI and package calls that switch the hooks off: denied by harness-tamper. */
const CLI_DENIED = [
  'npx ralph-hooks uninstall --yes',
  'npx ralph-hooks remove guard',
  'npm uninstall ralph-hooks',
  'npm rm -D ralph-hooks',
  'npm un ralph-hooks',
  'pnpm remove ralph-hooks',
  'yarn remove ralph-hooks',
  'bun remove ralph-hooks',
  'pnpm dlx ralph-hooks uninstall',
  'yarn dlx ralph-hooks remove guard',
  'bunx ralph-hooks@latest uninstall',
  'npm exec -- ralph-hooks uninstall',
  'npx ralph-hooks generate --force',
  'npx ralph-hooks generate --on-conflict overwrite',
  'npx ralph-hooks upgrade --on-conflict=adopt',
  'node_modules/.bin/ralph-hooks uninstall',
  './node_modules/.bin/ralph-hooks remove guard',
  'node node_modules/ralph-hooks/bin/ralph-hooks.js uninstall',
  'pnpm ralph-hooks uninstall',
  'setsid npx ralph-hooks uninstall --yes',
];

/** Look-alikes: let through. */
const ALLOWED = [
  'npx ralph-hooks status',
  'npx ralph-hooks doctor',
  'npx ralph-hooks generate',
  'npx ralph-hooks explain',
  'npm uninstall left-pad',
  'pnpm remove left-pad',
  'cat .gemini/settings.json',
  'cat .github/hooks/ralph-hooks.json',
  'ls .codex/hooks',
  'grep -n matcher .qwen/settings.json',
  'cp .factory/settings.json /tmp/settings-backup.json',
];

/** Writes to each target's own hook folder and registration: `rm -rf` of the folder, a rewrite of the file. */
function tamperCalls(id: TargetId): string[] {
  const target = TARGETS[id];
  return [`rm -rf ${target.hooksDir}`, `echo '{}' > ${target.registrationFile}`, `sed -i 's/guard/x/' ${target.registrationFile}`, `mv ${target.registrationFile} /tmp/off`];
}

const IDS = Object.keys(TARGETS) as TargetId[];

/** A project with the guard generated for `id`, and a runner that sends a shell command in that agent's input shape. */
function targetGuard(id: TargetId) {
  const target: Target = TARGETS[id];
  const project = generateProject({ target: id, hooks: [{ kind: 'guard', preset: 'guard' }] } as never, scratchDir('selfprotect-'));
  const script = project.file(`${target.hooksDir}/guard.sh`);
  const home = scratchDir('home-');
  const root = project.root;
  const input = (command: string): unknown => {
    if (target.contract === 'forgeflare') return forgeflareGuardInput({ tool: 'Bash', input: { command }, cwd: root });
    if (id === 'copilot-project') return { sessionId: 's', timestamp: 1764201600000, cwd: root, toolName: target.input.shellTool, toolArgs: JSON.stringify({ command }) };
    const event = target.events?.PreToolUse ?? 'PreToolUse';
    return { hook_event_name: event, session_id: 's', cwd: root, tool_name: target.input.shellTool, tool_input: { [target.input.shellCommand]: command } };
  };
  const env = { HOME: home, CLAUDE_PROJECT_DIR: target.contract === 'forgeflare' ? undefined : root };
  return { root, run: async (command: string) => verdict(await runHook(script, input(command), { cwd: root, env })) };
}

describe('guard: self-protection under every target', () => {
  it('every target declares its hook folder and registration file as protected', () => {
    for (const id of IDS) {
      const target = TARGETS[id];
      // The same glob reading the guard's harness-tamper rule uses.
      const covers = (path: string) => new RegExp(globsToEre([...target.protectedPaths])).test(path);
      expect(covers(`${target.hooksDir}/guard.sh`), `${id}: ${target.hooksDir}`).toBe(true);
      expect(covers(target.registrationFile), `${id}: ${target.registrationFile}`).toBe(true);
      for (const glob of target.protectedPaths) expect(TARGET_PROTECTED_PATHS).toContain(glob);
    }
  });

  for (const id of IDS) {
    it(`${id}: the CLI and package calls are denied, every target's hook files protected, look-alikes let through`, async () => {
      const { run } = targetGuard(id);
      // Its own files every way; every other target's hook folder too (the union).
      const tamper = [...tamperCalls(id), ...IDS.filter((other) => other !== id).map((other) => `rm -rf ${TARGETS[other].hooksDir}`)];
      const denied = [...CLI_DENIED, ...tamper];
      const results = await mapLimit([...denied, ...ALLOWED], 4, run);
      const problems = results.flatMap((result, k) => {
        const command = [...denied, ...ALLOWED][k]!;
        if (k < denied.length) return result.kind === 'deny' && /^harness-tamper: /.test(result.reason ?? '') ? [] : [`not denied: ${command} → ${JSON.stringify(result)}`];
        return result.kind === 'deny' ? [`denied: ${command} → ${result.reason}`] : [];
      });
      expect(problems).toEqual([]);
    });
  }

  it('the reasons say what was refused', async () => {
    const { run } = targetGuard('gemini-project');
    expect((await run('npx ralph-hooks remove guard')).reason).toMatch(/^harness-tamper: .*ralph-hooks remove/);
    expect((await run('npm uninstall ralph-hooks')).reason).toMatch(/^harness-tamper: npm uninstall ralph-hooks removes the ralph-hooks package/);
    expect((await run('rm -rf .gemini/hooks')).reason).toMatch(/^harness-tamper: \.gemini\/hooks belongs to the loop's hooks/);
  });
});
