import { readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkContract, diffContracts, keyPaths, observedContract, writeContract } from '../../testkit/clients/contract.js';
import type { TappedHookRun } from '../../testkit/clients/real-client.js';
import { tempDir } from '../helpers/temp.js';

const hookRun = (event: string, input: Record<string, unknown>): TappedHookRun => ({
  hook: 'bash .claude/hooks/guard.sh',
  event,
  settingsFile: '.claude/settings.json',
  input,
  stdin: JSON.stringify(input),
  stdout: '',
  stderr: '',
  exitCode: 0,
  durationMs: 1,
});

const dirs: string[] = [];
const contractsDir = () => {
  const dir = tempDir('ralph-hooks-contracts-');
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('key paths', () => {
  it('lists nested keys and array elements, never values', () => {
    expect(keyPaths({ tool_input: { command: 'rm -rf /' }, background_tasks: [{ id: 'a' }, { id: 'b', status: 'running' }], n: 1 })).toEqual([
      'tool_input',
      'tool_input.command',
      'background_tasks',
      'background_tasks[].id',
      'background_tasks[].status',
      'n',
    ]);
  });

  it('folds keys that are data (paths, ids) into *', () => {
    expect(keyPaths({ files: { '/tmp/a.txt': { size: 1 } } })).toEqual(['files', 'files.*', 'files.*.size']);
  });
});

describe('observed contract', () => {
  it('groups by the event the client named and by tool, merging every run', () => {
    const contract = observedContract([
      hookRun('PreToolUse', { hook_event_name: 'BeforeTool', tool_name: 'write_file', tool_input: { file_path: 'a' } }),
      hookRun('PreToolUse', { hook_event_name: 'BeforeTool', tool_name: 'write_file', tool_input: { file_path: 'b', content: 'x' } }),
      hookRun('Stop', { stop_hook_active: false }),
    ]);
    expect(contract).toEqual({
      'BeforeTool write_file': ['hook_event_name', 'tool_input', 'tool_input.content', 'tool_input.file_path', 'tool_name'],
      Stop: ['stop_hook_active'],
    });
  });
});

describe('contract diff', () => {
  it('names new and missing events and keys, and a likely rename', () => {
    const before = { 'PreToolUse Write': ['tool_input', 'tool_input.file_path'], Stop: ['stop_hook_active'] };
    const after = { 'PreToolUse Write': ['tool_input', 'tool_input.path'], StopFailure: ['error'] };
    expect(diffContracts(before, after)).toEqual([
      '  PreToolUse Write:',
      '    - tool_input.file_path: key no longer sent (renamed to tool_input.path?)',
      '    + tool_input.path: new key',
      '- Stop: event no longer sent (had stop_hook_active)',
      '+ StopFailure: new event (1 keys: error)',
    ]);
  });

  it('is empty when they agree', () => {
    expect(diffContracts({ Stop: ['cwd'] }, { Stop: ['cwd'] })).toEqual([]);
  });
});

describe('checking against the snapshot', () => {
  it('passes when the run sent what the version sent before', () => {
    const dir = contractsDir();
    writeContract(dir, { agent: 'codex', version: '0.171.0', events: { Stop: ['cwd'] } });
    expect(checkContract(dir, 'codex', '0.171.0', { Stop: ['cwd'] }, false)).toMatchObject({ ok: true, message: '' });
  });

  it('fails with the diff and the command that re-records', () => {
    const dir = contractsDir();
    writeContract(dir, { agent: 'codex', version: '0.171.0', events: { Stop: ['cwd'] } });
    const check = checkContract(dir, 'codex', '0.171.0', { Stop: ['cwd', 'last_assistant_message'] }, false);
    expect(check.ok).toBe(false);
    expect(check.message).toContain('codex 0.171.0 sent hooks something else than its snapshot');
    expect(check.message).toContain('+ last_assistant_message: new key');
    expect(check.message).toContain('RALPH_HOOKS_UPDATE_CONTRACTS=1 npx vitest run test/real-client/contracts.test.ts -t codex');
  });

  it('without a snapshot for the version, fails saying how to record one, with the diff against the newest older one', () => {
    const dir = contractsDir();
    writeContract(dir, { agent: 'codex', version: '0.9.0', events: { Stop: [] } });
    writeContract(dir, { agent: 'codex', version: '0.171.0', events: { Stop: ['cwd'] } });
    writeContract(dir, { agent: 'codex', version: '0.180.0', events: { Stop: ['later'] } });
    const check = checkContract(dir, 'codex', '0.172.0', { Stop: ['cwd'], StopFailure: ['error'] }, false);
    expect(check.ok).toBe(false);
    expect(check.message).toContain(`No contract snapshot for codex 0.172.0 (${relative(process.cwd(), join(dir, 'codex/0.172.0.json'))})`);
    expect(check.hasSnapshot).toBe(false);
    expect(check.message).toContain('Compared with codex 0.171.0:\n+ StopFailure: new event');
    expect(check.message).toContain('RALPH_HOOKS_UPDATE_CONTRACTS=1');
  });

  it('with no snapshot at all, still says how to record one', () => {
    const check = checkContract(contractsDir(), 'droid', '1.0.0', { Stop: ['cwd'] }, false);
    expect(check.message).toMatch(/No contract snapshot for droid 1\.0\.0 .*No older snapshot of droid either\.\n.*RALPH_HOOKS_UPDATE_CONTRACTS=1/s);
  });

  it('with update, writes the snapshot instead of comparing', () => {
    const dir = contractsDir();
    const check = checkContract(dir, 'gemini', '0.61.0', { AfterAgent: ['prompt_response'] }, true);
    expect(check).toMatchObject({ ok: true, recorded: true });
    expect(JSON.parse(readFileSync(join(dir, 'gemini/0.61.0.json'), 'utf8'))).toEqual({ agent: 'gemini', version: '0.61.0', events: { AfterAgent: ['prompt_response'] } });
  });
});
