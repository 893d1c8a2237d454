#!/usr/bin/env bats
# The bats testkit: workspace builders, inputs, run_hook, and every assertion passing and
# failing with its pinned message.

load testkit_helper

setup() {
  rh_common_setup
}

teardown() {
  remove_workspace
}

@test "create_workspace: ralph-specum layout like the seed's setup()" {
  [ -d "$TEST_WORKSPACE/specs/test-spec" ]
  [ -d "$TEST_WORKSPACE/.claude" ]
  assert_equal "$(cat "$TEST_WORKSPACE/specs/.current-spec")" test-spec
  [ ! -e "$TEST_WORKSPACE/specs/test-spec/.ralph-state.json" ]
  assert_equal "$CLAUDE_PROJECT_DIR" "$TEST_WORKSPACE"
}

@test "create_workspace speckit: .specify layout and state file name" {
  remove_workspace
  unset RH_SPECS_DIR RH_CURRENT_SPEC_FILE RH_STATE_FILE_NAME RH_SETTINGS_FILE
  create_workspace speckit
  assert_equal "$(cat "$TEST_WORKSPACE/.specify/.current-feature")" test-spec
  run create_state_file
  assert_output "$TEST_WORKSPACE/.specify/specs/test-spec/.speckit-state.json"
  run create_settings_file false
  assert_output "$TEST_WORKSPACE/.claude/ralph-speckit.local.md"
}

@test "create_state_file: the seed's six fields, extra fields, and a back-dated mtime" {
  RH_STATE_EXTRA='{"globalIteration":3}' create_state_file execution 2 5 3 >/dev/null
  local file="$TEST_WORKSPACE/specs/test-spec/.ralph-state.json"
  run jq -c . "$file"
  assert_output '{"phase":"execution","taskIndex":2,"totalTasks":5,"taskIteration":3,"specName":"test-spec","specPath":"./specs/test-spec","globalIteration":3}'
  (( $(date +%s) - $(stat -c %Y "$file") >= 59 ))
}

@test "create_corrupt_state_file, create_tasks_file, create_settings_file write the seed's contents" {
  create_corrupt_state_file >/dev/null
  assert_equal "$(cat "$TEST_WORKSPACE/specs/test-spec/.ralph-state.json")" '{ invalid json here'
  create_tasks_file 2 >/dev/null
  run grep -c '^- \[ \] 1\.[12] Task number [12]$' "$TEST_WORKSPACE/specs/test-spec/tasks.md"
  assert_output 2
  create_settings_file false >/dev/null
  assert_equal "$(cat "$TEST_WORKSPACE/.claude/ralph-specum.local.md")" $'---\nenabled: false\n---'
}

@test "create_hook_input and create_hook_input_with_transcript: seed shapes, stop_hook_active false by default" {
  run create_hook_input
  assert_equal "$(jq -c . <<<"$output")" "{\"cwd\":\"$TEST_WORKSPACE\",\"stop_hook_active\":false,\"session_id\":\"test-session\"}"
  run create_hook_input /x true
  assert_equal "$(jq -c . <<<"$output")" '{"cwd":"/x","stop_hook_active":true,"session_id":"test-session"}'
  run create_hook_input_with_transcript /t.jsonl
  assert_equal "$(jq -r .transcript_path <<<"$output")" /t.jsonl
}

@test "create_transcript and append_transcript_*: plain lines and real JSONL lines" {
  run create_transcript "ALL_TASKS_COMPLETE"
  assert_output "$TEST_WORKSPACE/transcript.jsonl"
  append_transcript_assistant "part one" msg_1
  append_transcript_assistant "part two" msg_1
  append_transcript_stop_feedback "Continue spec"
  run jq -rs '.[1:] | map(.message.id // .isMeta) | join(",")' <(tail -n 3 "$TEST_WORKSPACE/transcript.jsonl")
  assert_output 'msg_1,true'
}

@test "set_file_age back-dates a file" {
  touch "$TEST_WORKSPACE/f"
  set_file_age "$TEST_WORKSPACE/f" 3600
  (( $(date +%s) - $(stat -c %Y "$TEST_WORKSPACE/f") >= 3599 ))
}

@test "run_hook keeps stdout and stderr apart and runs in the workspace" {
  create_state_file >/dev/null
  run_hook "$SPECUM_HOOK"
  assert_equal "$status" 0
  assert_equal "$(jq -r .decision <<<"$output")" block
  assert_equal "$stderr" '[ralph-specum] Session stopped during spec: test-spec | Task: 1/5 | Attempt: 1'
  assert_equal "${#stderr_lines[@]}" 1
}

@test "run_hook sets CLAUDE_PROJECT_DIR and cwd to the workspace" {
  run_hook "$FIXTURES/echo-env.sh" "$(create_hook_input)"
  assert_equal "$(jq -r .pwd <<<"$output")" "$TEST_WORKSPACE"
  assert_equal "$(jq -r .project <<<"$output")" "$TEST_WORKSPACE"
}

@test "run_hook: a hook that never reads stdin, with 3 MB of input" {
  local big
  big="$(head -c 3000000 /dev/zero | tr '\0' 'a')"
  run_hook "$FIXTURES/no-stdin.sh" "{\"pad\":\"$big\"}"
  assert_equal "$status" 0
  assert_json_reason_contains 'did not read stdin'
  run_hook "$FIXTURES/count-bytes.sh" "{\"pad\":\"$big\"}"
  assert_equal "$output" '{"bytes":3000010}'
}

@test "run_hook: a hang is killed after RH_HOOK_TIMEOUT with status 124" {
  local started=$SECONDS
  RH_HOOK_TIMEOUT=1 run_hook "$FIXTURES/hang.sh"
  assert_equal "$status" 124
  (( SECONDS - started < 5 ))
  # The group was killed: the background child is gone (or a zombie waiting for init to reap it).
  local state
  state="$(ps -o stat= -p "${stderr#child }" || true)"
  [[ -z "$state" || "$state" == Z* ]]
}

@test "run_hook: missing script fails with its path" {
  run run_hook "$TEST_WORKSPACE/nope.sh"
  assert_failure
  assert_output "-- run_hook: hook script not found --
expected : an existing file
actual   : $TEST_WORKSPACE/nope.sh
--"
}

@test "run_stop_watcher runs STOP_WATCHER_SCRIPT like the seed" {
  STOP_WATCHER_SCRIPT="$SPECUM_HOOK"
  create_state_file >/dev/null
  run_stop_watcher "$(create_hook_input "$TEST_WORKSPACE" true)"
  assert_silent --allow-stderr
  assert_stderr_contains 'stop_hook_active=true'
}

# ---- assertions: pass, then fail with the exact message ----

@test "assert_json_block passes on a block" {
  run_hook "$FIXTURES/block.sh"
  assert_json_block
}

@test "assert_json_block fails on non-JSON output, showing the full output" {
  output='Keep going' status=0 stderr='log line'
  run assert_json_block
  assert_failure
  assert_output - <<'MSG'
-- hook output is not a JSON block --
expected  : {"decision":"block", ...} on stdout
actual    : stdout is not a JSON object
exit code : 0
stdout    : Keep going
stderr    : log line
--
MSG
}

@test "assert_json_block fails on another decision" {
  output='{"decision":"approve"}' status=0 stderr=''
  run assert_json_block
  assert_failure
  assert_output - <<'MSG'
-- hook output is not a JSON block --
expected  : decision : "block"
actual    : decision : "approve"
exit code : 0
stdout    : {"decision":"approve"}
stderr    : 
--
MSG
}

@test "assert_json_block ignores [prefix] log lines merged in by bats run" {
  create_state_file >/dev/null
  run bash -c "bash '$SPECUM_HOOK' 2>&1 <<<'$(create_hook_input)'"
  assert_json_block
  assert_json_reason_contains 'Continue spec: test-spec (Task 1/5, Iter 1)'
}

@test "assert_json_reason_contains fails with the actual reason" {
  output='{"decision":"block","reason":"Continue spec: a"}' status=0 stderr=''
  assert_json_reason_contains 'Continue spec'
  run assert_json_reason_contains 'Task 9/9'
  assert_failure
  assert_output - <<'MSG'
-- JSON reason does not contain the expected text --
expected  : Task 9/9
actual    : Continue spec: a
exit code : 0
stdout    : {"decision":"block","reason":"Continue spec: a"}
stderr    : 
--
MSG
}

@test "assert_json_system_message_contains fails with multi-line output laid out per line" {
  output=$'{"decision":"block",\n"systemMessage":"Ralph-specum iteration 1"}' status=0 stderr=''
  assert_json_system_message_contains 'iteration 1'
  run assert_json_system_message_contains 'Task 2/5'
  assert_failure
  assert_output - <<'MSG'
-- JSON systemMessage does not contain the expected text --
expected (1 lines):
  Task 2/5
actual (1 lines):
  Ralph-specum iteration 1
exit code (1 lines):
  0
stdout (2 lines):
  {"decision":"block",
  "systemMessage":"Ralph-specum iteration 1"}
stderr (0 lines):
--
MSG
}

@test "assert_silent passes on silence and fails naming each problem" {
  run_hook "$FIXTURES/silent.sh"
  assert_silent
  run_hook "$FIXTURES/noisy-stderr.sh"
  assert_silent --allow-stderr
  run assert_silent
  assert_failure
  assert_output - <<'MSG'
-- hook was not silent --
expected  : exit 0, empty stdout and stderr
actual    : stderr not empty
exit code : 0
stdout    : 
stderr    : [fixture] nothing to do
--
MSG
  output='x' status=1 stderr=''
  run assert_silent
  assert_line --index 2 'actual    : exit code 1, stdout not empty'
}

@test "assert_output_contains / assert_output_not_contains / assert_stderr_contains" {
  output='abc' status=0 stderr='[ralph-specum] log'
  assert_output_contains b
  assert_output_not_contains z
  assert_stderr_contains '[ralph-specum]'
  run assert_output_contains z
  assert_failure
  assert_line --index 0 '-- output does not contain the expected text --'
  output='abc' status=0 stderr='[ralph-specum] log'
  run assert_output_not_contains b
  assert_line --index 1 'expected  : no b'
  output='abc' status=0 stderr='[ralph-specum] log'
  run assert_stderr_contains nope
  assert_line --index 0 '-- stderr does not contain the expected text --'
}

@test "assert_deny / assert_allow on a Claude Code PreToolUse guard" {
  run_hook "$FIXTURES/deny-guard.sh" '{"tool_name":"Bash","tool_input":{"command":"rm -rf /"}}'
  assert_deny 'rm -rf is not allowed'
  run_hook "$FIXTURES/deny-guard.sh" '{"tool_name":"Bash","tool_input":{"command":"curl x"}}'
  assert_deny 'network access'
  run_hook "$FIXTURES/deny-guard.sh" '{"tool_name":"Bash","tool_input":{"command":"ls"}}'
  assert_allow
  run assert_allow --explicit
  assert_failure
  assert_line --index 2 'actual    : exit 0 without a decision'
  run_hook "$FIXTURES/deny-guard.sh" '{"tool_name":"Bash","tool_input":{"command":"git status"}}'
  assert_allow --explicit
  run assert_deny
  assert_failure
  assert_output - <<'MSG'
-- guard did not deny --
expected  : deny
actual    : permissionDecision "allow"
exit code : 0
stdout    : {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"read-only git"}}
stderr    : 
--
MSG
}

@test "assert_deny with a reason that does not match" {
  run_hook "$FIXTURES/forgeflare-guard.sh" '{"event":"PreToolUse","phase":"guard","tool":"Bash","input":{"command":"rm -rf /"}}'
  assert_deny 'deny pattern'
  run assert_deny 'something else'
  assert_failure
  assert_line --index 0 '-- deny reason does not contain the expected text --'
  assert_line --index 2 'actual    : Command matches deny pattern: rm -rf'
}

@test "assert_allow fails on a forgeflare block" {
  run_hook "$FIXTURES/forgeflare-guard.sh" '{"event":"PreToolUse","phase":"guard","tool":"Bash","input":{"command":"ls"}}'
  assert_allow --explicit
  run_hook "$FIXTURES/forgeflare-guard.sh" '{"event":"PreToolUse","phase":"guard","tool":"Bash","input":{"command":"rm -rf /"}}'
  run assert_allow
  assert_failure
  assert_line --index 1 'expected  : allow (or exit 0 with no decision)'
  assert_line --index 2 'actual    : forgeflare action "block"'
}

@test "assert_signal on forgeflare PostToolUse convergence" {
  run_hook "$FIXTURES/forgeflare-convergence.sh" '{"event":"PostToolUse","tool":"Bash","result":"42 passed; 0 failed","is_error":false}'
  assert_signal
  assert_signal converged
  run assert_signal stalled
  assert_failure
  assert_line --index 1 'expected  : {"action":"signal","signal":"stalled"}'
  run_hook "$FIXTURES/forgeflare-convergence.sh" '{"event":"PostToolUse","tool":"Bash","result":"1 failed","is_error":false}'
  run assert_signal
  assert_output - <<'MSG'
-- hook did not signal --
expected  : {"action":"signal"}
actual    : {"action":"continue","signal":null}
exit code : 0
stdout    : {"action":"continue"}
stderr    : 
--
MSG
}

@test "assertions before any run fail clearly" {
  unset output
  run assert_json_block
  assert_failure
  assert_line --index 0 '-- assert_json_block: no hook output --'
}
