// The package's entry points as a user's project imports them (by name, through package.json
// `exports`, from the built dist/): the main testkit entry holds what runs without an agent's
// client, `ralph-hooks/testkit/clients` the real clients and the scripted model.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';

/** The names an entry exports, imported by its package name from inside this package. */
function exportedNames(entry: string): string[] {
  const script = `const entry = await import(${JSON.stringify(entry)}); console.log(JSON.stringify(Object.keys(entry)));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: REPO_ROOT, encoding: 'utf8' })) as string[];
}

describe('package entry points', () => {
  it('ralph-hooks/testkit: builders, runHook, assertions, cases, scenario files and the simulators; no real client', () => {
    const names = exportedNames('ralph-hooks/testkit');
    for (const name of ['stopInput', 'createWorkspace', 'transcript', 'runHook', 'assertDeny', 'replayCase', 'replayStopLoop', 'parseScenario', 'scenarioJsonSchema', 'HookRunner', 'replayForgeflare']) {
      expect(names).toContain(name);
    }
    for (const name of ['runClaudeCode', 'runCodex', 'runAgent', 'startScriptedModel', 'runScenario', 'stopRuns', 'toolCalls']) {
      expect(names).not.toContain(name);
    }
  });

  it('ralph-hooks/testkit/clients: every real client, the scripted model, scenario runs and the session readers', () => {
    const names = exportedNames('ralph-hooks/testkit/clients');
    for (const name of ['runClaudeCode', 'runCodex', 'runQwenCode', 'runCopilot', 'runGemini', 'runDroid', 'runAgent', 'runAgentSession', 'startScriptedModel', 'runScenario', 'stopRuns', 'toolCalls', 'sentToModel', 'recordedCases', 'ClientNotFoundError']) {
      expect(names).toContain(name);
    }
  });

  it('ralph-hooks/cli: the command line create-ralph-hooks calls', () => {
    expect(exportedNames('ralph-hooks/cli')).toContain('main');
  });
});
