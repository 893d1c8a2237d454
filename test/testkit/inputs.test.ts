import { describe, expect, it } from 'vitest';
import {
  createHookInput,
  forgeflareGuardInput,
  forgeflareObserveInput,
  forgeflarePostToolUseInput,
  forgeflareStopInput,
  postToolUseFailureInput,
  postToolUseInput,
  preSkillShellCommandInput,
  preToolUseInput,
  sessionStartInput,
  stopInput,
  subagentStopInput,
} from '../../testkit/index.js';

describe('Claude Code input builders', () => {
  it('stopInput has the common fields and stop_hook_active false', () => {
    expect(stopInput()).toEqual({
      session_id: 'test-session',
      transcript_path: '/home/user/.claude/projects/-home-user-project/test-session.jsonl',
      cwd: '/home/user/project',
      hook_event_name: 'Stop',
      permission_mode: 'default',
      stop_hook_active: false,
    });
  });

  it('derives transcript_path from cwd and session, and overrides win', () => {
    const input = stopInput({ cwd: '/w/x', session_id: 's1', stop_hook_active: true, last_assistant_message: 'done' });
    expect(input.transcript_path).toBe('/home/user/.claude/projects/-w-x/s1.jsonl');
    expect(input).toMatchObject({ stop_hook_active: true, last_assistant_message: 'done' });
  });

  it('an undefined override removes the field', () => {
    expect(stopInput({ permission_mode: undefined })).not.toHaveProperty('permission_mode');
  });

  it('subagentStopInput adds agent fields and a subagent transcript', () => {
    expect(subagentStopInput()).toMatchObject({
      hook_event_name: 'SubagentStop',
      agent_id: 'agent-0001',
      agent_type: 'general-purpose',
      agent_transcript_path: '/home/user/.claude/projects/-home-user-project/test-session/subagents/agent-0001.jsonl',
    });
  });

  it('tool events carry tool_name, tool_input and tool_use_id', () => {
    expect(preToolUseInput({ tool_input: { command: 'rm -rf /' } })).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf /' }, tool_use_id: 'toolu_01TEST' });
    expect(postToolUseInput().tool_response).toEqual({ stdout: 'Tests: 3 passed', stderr: '', interrupted: false, isImage: false });
    expect(postToolUseFailureInput().error).toMatch(/^Exit code 1/);
  });

  it('preSkillShellCommandInput is a skill\'s shell line as Claude Code 2.1.332 sends it (Bash, the command as written, the command\'s name and source)', () => {
    // The common fields of every builder, then the line's own.
    const { stop_hook_active: _, ...common } = stopInput();
    expect(preSkillShellCommandInput()).toEqual({
      ...common,
      hook_event_name: 'PreSkillShellCommand',
      tool_name: 'Bash',
      tool_input: { command: 'git status' },
      tool_use_id: '7bad4c89-fb55-4809-bd82-4da2daf372c9:inner:preamble-0',
      command_name: 'tidy',
      command_source: 'projectSettings',
      invoked_by: 'user',
    });
    expect(preSkillShellCommandInput({ tool_name: 'PowerShell', tool_input: { command: 'Get-ChildItem' }, invoked_by: 'claude' })).toMatchObject({ tool_name: 'PowerShell', tool_input: { command: 'Get-ChildItem' }, invoked_by: 'claude' });
  });

  it('sessionStartInput has a source and no permission_mode', () => {
    const input = sessionStartInput();
    expect(input.source).toBe('startup');
    expect(input).not.toHaveProperty('permission_mode');
  });

  it('createHookInput is the seed create_hook_input', () => {
    expect(createHookInput({ cwd: '/ws' })).toEqual({ cwd: '/ws', stop_hook_active: false, session_id: 'test-session' });
    expect(createHookInput({ cwd: '/ws', transcript_path: '/ws/t.jsonl', stop_hook_active: true })).toEqual({
      cwd: '/ws',
      stop_hook_active: true,
      session_id: 'test-session',
      transcript_path: '/ws/t.jsonl',
    });
  });
});

describe('forgeflare input builders (seed 002 R3)', () => {
  it('guard input', () => {
    expect(forgeflareGuardInput()).toEqual({ event: 'PreToolUse', phase: 'guard', tool: 'Bash', input: { command: 'cargo test --release' }, tool_iterations: 3, cwd: '/home/user/project' });
  });
  it('observe input: block fields only when blocked', () => {
    expect(forgeflareObserveInput()).toEqual({ ...forgeflareGuardInput(), phase: 'observe', blocked: false });
    expect(forgeflareObserveInput({ blocked: true })).toMatchObject({ blocked: true, blocked_by: 'ralph-guard.sh', block_reason: 'destructive command detected' });
  });
  it('PostToolUse and Stop inputs', () => {
    expect(forgeflarePostToolUseInput()).toMatchObject({ event: 'PostToolUse', result: 'test result: ok. 42 passed; 0 failed', is_error: false });
    expect(forgeflareStopInput({ reason: 'block_limit_total' })).toEqual({ event: 'Stop', reason: 'block_limit_total', tool_iterations: 7, total_tokens: 45000, cwd: '/home/user/project' });
  });
});
