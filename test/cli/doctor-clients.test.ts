/**
 * `ralph-hooks doctor --clients`: the project's scenario files in the agent CLIs installed on
 * the machine, found through PATH here (the project has no node_modules), offline against the
 * scripted model.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { claudeCodeVersion, findClaudeCode } from '../../testkit/clients/index.js';
import { generateProject } from '../helpers/generate.js';
import { ralphHooks, tempDir } from '../helpers/cli.js';
import { describeRealClient, TEST_TIMEOUT_MS } from '../real-client/helpers.js';

/** A PATH with node and the system's tools, and no agent CLI. */
const BARE_PATH = [dirname(process.execPath), '/usr/bin', '/bin'].join(delimiter);

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A guard with its starter scenario (it passes in Claude Code). */
function projectWithScenarios(): string {
  const root = generateProject({ hooks: [{ kind: 'guard', preset: 'guard', name: 'guard' }], extras: { scenarios: true } } as never).root;
  made.push(root);
  return root;
}

/** A folder whose only agent CLI is Claude Code, under its own name. */
function claudeOnlyBin(): string {
  const bin = tempDir('rh-doctor-clients-bin-');
  made.push(bin);
  symlinkSync(findClaudeCode()!, join(bin, 'claude'));
  return bin;
}

describe('doctor --clients with no agent CLI installed', () => {
  it('says so, names what it looked for and how to install one, and exits 0', () => {
    const root = projectWithScenarios();
    const result = ralphHooks(['doctor', '--clients'], { cwd: root, env: { PATH: BARE_PATH } });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('No agent CLI is installed here (looked in node_modules/.bin and on PATH for claude, codex, qwen, copilot, gemini, droid)');
    expect(result.stdout).toContain('npm i -D <package>: @anthropic-ai/claude-code, @openai/codex');
  });

  it('--json reports no clients and the ones the scenarios name as missing', () => {
    const root = projectWithScenarios();
    const result = ralphHooks(['doctor', '--clients', '--json'], { cwd: root, env: { PATH: BARE_PATH } });
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, clients: [], missing: [{ agent: 'claude-code', install: 'npm i -D @anthropic-ai/claude-code' }] });
  });

  it('a scenario file that cannot be read fails the run, naming the bad field', () => {
    const root = projectWithScenarios();
    writeFileSync(join(root, 'test/hook-scenarios/guard/denies-in-the-real-client.scenario.json'), JSON.stringify({ turns: [], expect: { stopz: [] } }));
    const result = ralphHooks(['doctor', '--clients'], { cwd: root, env: { PATH: BARE_PATH } });
    expect(result.stdout).toMatch(/Failures \(1\):[\s\S]*denies-in-the-real-client\.scenario\.json[\s\S]*stopz/);
    expect(result.status).toBe(1);
  });
});

describeRealClient('doctor --clients with Claude Code installed', () => {
  it('runs each scenario in it and says which pass under its version; a failing one fails the run with its details', () => {
    const root = projectWithScenarios();
    mkdirSync(join(root, 'test/hook-scenarios/mine'), { recursive: true });
    writeFileSync(
      join(root, 'test/hook-scenarios/mine/says-hello.scenario.json'),
      JSON.stringify({ turns: [{ text: 'Goodbye.' }], expect: { result: 'Hello.' } }),
    );
    const bin = claudeOnlyBin();
    const version = claudeCodeVersion();
    const result = ralphHooks(['doctor', '--clients'], { cwd: root, env: { PATH: [bin, BARE_PATH].join(delimiter) } });
    expect(result.stdout).toContain(`claude-code ${version}: ✓ guard/denies-in-the-real-client`);
    expect(result.stdout).toContain(`claude-code ${version}: ✗ mine/says-hello`);
    expect(result.stdout).toContain(`✗ claude-code ${version} (${join(bin, 'claude')}): 1 of 2 pass (1 fail)`);
    expect(result.stdout).toMatch(/Failures \(1\):[\s\S]*mine\/says-hello[\s\S]*result[\s\S]*Hello\./);
    expect(result.stdout).not.toContain('codex');
    expect(result.status).toBe(1);
  }, TEST_TIMEOUT_MS);

  it('a scenario naming a client that is not installed is listed with how to install it', () => {
    const root = projectWithScenarios();
    writeFileSync(join(root, 'test/hook-scenarios/guard/denies-in-the-real-client.scenario.json'), JSON.stringify({ agents: ['codex'], turns: [{ text: 'Done.' }] }));
    const bin = claudeOnlyBin();
    const result = ralphHooks(['doctor', '--clients'], { cwd: root, env: { PATH: [bin, BARE_PATH].join(delimiter) } });
    expect(result.stdout).toContain('no scenario names claude-code');
    expect(result.stdout).toContain('- codex: named by a scenario but not installed here (npm i -D @openai/codex)');
    expect(result.status).toBe(0);
  }, TEST_TIMEOUT_MS);
});
