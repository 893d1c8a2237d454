#!/usr/bin/env bats
# The generated ralph-specum stop-watcher under real bash and jq: every behaviour of seed
# 000's test strategy and every test name of smart-ralph's JSON version (reference §5),
# through the ralph-hooks bats testkit.

REPO_ROOT="$(cd "$BATS_TEST_DIRNAME/../.." && pwd)"

# generate_project NAME CONFIG_JSON — render a config into $BATS_FILE_TMPDIR/NAME with the real CLI.
generate_project() {
  local dir="$BATS_FILE_TMPDIR/$1"
  mkdir -p "$dir"
  printf '%s\n' "$2" >"$dir/ralph-hooks.config.json"
  node "$REPO_ROOT/bin/ralph-hooks.js" generate --dir "$dir" --quiet </dev/null
}

setup_file() {
  generate_project default '{"hooks":[{"kind":"stop-watcher","preset":"specum"}]}'
  generate_project allow '{"hooks":[{"kind":"stop-watcher","preset":"specum","options":{"onMaxIterations":"allow"}}]}'
  generate_project word '{"hooks":[{"kind":"stop-watcher","preset":"specum","options":{"completionMatch":"word"}}]}'
  generate_project custom '{"hooks":[{"kind":"stop-watcher","preset":"specum","options":{
    "stateFile":".loop-state.json","specsDirs":["./work"],"completionSignal":"DONE.NOW","logPrefix":"my-loop",
    "displayName":"My-loop","commands":{"implement":"/my:start","cancel":"/my:stop"},"stateSettleMs":0}}]}'
}

setup() {
  load '../../testkit/bats/load'
  set -u
  # run_hook's timeout guards against a hang; it measures nothing. Its 10 s default was
  # exceeded by hooks that wait a second for a fresh file, beside two CPU burners on a busy
  # 2-core machine (status 124): here it is a bound any machine reaches.
  export RH_HOOK_TIMEOUT=${RH_HOOK_TIMEOUT:-120}
  create_workspace
  STOP_WATCHER_SCRIPT="$BATS_FILE_TMPDIR/default/.claude/hooks/stop-watcher.sh"
}

teardown() {
  remove_workspace
}

# with_state JSON_FIELDS — a state file in execution with extra fields merged in.
with_state() {
  RH_STATE_EXTRA="$1" create_state_file "${@:2}" >/dev/null
}

state_file() {
  printf '%s' "$TEST_WORKSPACE/specs/test-spec/.ralph-state.json"
}

# log_sleeps — a `sleep` first on PATH that notes each call in $SLEEP_LOG, then sleeps as asked:
# whether the hook waited is read from what it did, not from the wall clock (which a busy
# machine stretches). The settle wait re-reads the state between `sleep 0.1`s.
log_sleeps() {
  local shims="$BATS_TEST_TMPDIR/shims" real
  real=$(command -v sleep)
  SLEEP_LOG="$BATS_TEST_TMPDIR/sleeps"
  mkdir -p "$shims"
  : >"$SLEEP_LOG"
  printf '#!/usr/bin/env bash\nprintf "%%s\\n" "$*" >>%q\nexec %q "$@"\n' "$SLEEP_LOG" "$real" >"$shims/sleep"
  chmod +x "$shims/sleep"
  PATH="$shims:$PATH"
}

# sleeps — how many times the hook called sleep.
sleeps() {
  wc -l <"$SLEEP_LOG" | tr -d ' '
}

# ---------------------------------------------------------------- silent exits

@test "exits silently when no state file exists" {
  run_stop_watcher
  assert_silent
}

@test "exits silently when phase is planning" {
  create_state_file planning >/dev/null
  run_stop_watcher
  assert_silent
}

@test "exits silently when phase is research" {
  create_state_file research >/dev/null
  run_stop_watcher
  assert_silent
}

@test "exits silently when phase is unknown" {
  create_state_file unknown >/dev/null
  run_stop_watcher
  assert_silent
}

@test "exits silently when taskIndex equals totalTasks" {
  create_state_file execution 5 5 >/dev/null
  run_stop_watcher
  assert_silent
}

@test "exits silently when taskIndex exceeds totalTasks" {
  create_state_file execution 7 5 >/dev/null
  run_stop_watcher
  assert_silent
}

@test "exits silently when the current-spec marker is missing or empty" {
  create_state_file >/dev/null
  : >"$TEST_WORKSPACE/specs/.current-spec"
  run_stop_watcher
  assert_silent
  rm "$TEST_WORKSPACE/specs/.current-spec"
  run_stop_watcher
  assert_silent
}

# ---------------------------------------------------------------- continuation

@test "outputs continuation prompt when tasks remain (taskIndex=0)" {
  create_state_file execution 0 5 >/dev/null
  run_stop_watcher
  [ "$status" -eq 0 ]
  assert_json_block
  assert_json_reason_contains "Continue spec: test-spec"
  assert_json_reason_contains ".ralph-state.json"
  assert_json_reason_contains "spec-executor"
  assert_json_reason_contains "ALL_TASKS_COMPLETE"
}

@test "outputs continuation prompt when tasks remain (midway)" {
  create_state_file execution 2 5 >/dev/null
  run_stop_watcher
  assert_json_block
  assert_json_reason_contains "Continue spec: test-spec (Task 3/5, Iter 1)"
}

@test "outputs continuation prompt when one task remains" {
  create_state_file execution 4 5 >/dev/null
  run_stop_watcher
  assert_json_block
  assert_json_reason_contains "Continue spec: test-spec (Task 5/5, Iter 1)"
}

@test "continuation reason is seed 000's text, line for line" {
  with_state '{"globalIteration":7,"maxTaskIterations":4,"recoveryMode":true}' execution 2 5 3
  run_stop_watcher
  local expected
  expected="$(cat <<'EOF'
Continue spec: test-spec (Task 3/5, Iter 7)

## State
Path: ./specs/test-spec | Index: 2 | Iteration: 3/4 | Recovery: true

## Resume
1. Read ./specs/test-spec/.ralph-state.json and ./specs/test-spec/tasks.md
2. Delegate task 2 to spec-executor (or qa-engineer for [VERIFY])
3. On TASK_COMPLETE: verify, update state, advance
4. If taskIndex >= totalTasks: delete state file, output ALL_TASKS_COMPLETE

## Critical
- Delegate via Task tool - do NOT implement yourself
- Verify all 4 layers before advancing (see implement.md Section 7)
- On failure: increment taskIteration, retry or generate fix task if recoveryMode
EOF
)"
  [ "$(jq -r .reason <<<"$output")" = "$expected" ]
  [ "$(jq -r .systemMessage <<<"$output")" = "Ralph-specum iteration 7 | Task 3/5" ]
}

@test "stdout holds exactly one JSON value and nothing else" {
  create_state_file >/dev/null
  run_stop_watcher
  [ "$(jq -s length <<<"$output")" -eq 1 ]
  [[ "$output" == "{"* ]]
}

# ---------------------------------------------------------------- corrupt state

@test "handles corrupt JSON gracefully" {
  create_corrupt_state_file >/dev/null
  run_stop_watcher
  [ "$status" -eq 0 ]
  assert_json_reason_contains "ERROR: Corrupt"
  assert_output_not_contains "Continue spec"
}

@test "outputs error message for corrupt JSON" {
  create_corrupt_state_file >/dev/null
  run_stop_watcher
  assert_json_block
  [ "$(jq -r .reason <<<"$output")" = "$(printf '%s\n' \
    'ERROR: Corrupt state file at ./specs/test-spec/.ralph-state.json' '' 'Recovery options:' \
    '1. Reset state: /ralph-specum:implement (reinitializes from tasks.md)' '2. Cancel spec: /ralph-specum:cancel')" ]
  assert_json_system_message_contains "Ralph-specum: corrupt state file"
}

@test "corrupt state error still fires when stop_hook_active is true" {
  create_corrupt_state_file >/dev/null
  run_stop_watcher "$(create_hook_input "$TEST_WORKSPACE" true)"
  assert_json_block
  assert_json_reason_contains "ERROR: Corrupt state file"
}

@test "a state file that is not an object, or has non-numeric counters, is corrupt" {
  printf '[1,2]' >"$(state_file)"
  run_stop_watcher
  assert_json_reason_contains "ERROR: Corrupt state file"
  printf '{"phase":"execution","taskIndex":1e999,"totalTasks":5}' >"$(state_file)"
  run_stop_watcher
  assert_json_reason_contains "ERROR: Corrupt state file"
}

@test "a half-written state file is re-read until it parses (bounded wait, no fixed sleep)" {
  create_corrupt_state_file >/dev/null
  set_file_age "$(state_file)" 0 # being written right now
  (sleep 0.3 && jq -n '{phase:"execution",taskIndex:1,totalTasks:5}' >"$(state_file).tmp" && mv "$(state_file).tmp" "$(state_file)") &
  run_stop_watcher
  wait
  assert_json_block
  assert_json_reason_contains "Continue spec: test-spec (Task 2/5"
}

@test "a fresh, valid state file is read at once" {
  log_sleeps
  RH_STATE_FILE_AGE=0 create_state_file >/dev/null
  run_stop_watcher
  assert_json_block
  # The seed slept a full second for any state file under 2 s old; this must not sleep at all.
  [[ $(sleeps) == 0 ]] || { echo "the hook waited: sleep ran $(sleeps) times" >&2; return 1; }
}

# ---------------------------------------------------------------- bad environment or input

@test "exits gracefully when jq is unavailable" {
  create_state_file >/dev/null
  local bin="$BATS_TEST_TMPDIR/bin" tool
  mkdir -p "$bin"
  for tool in bash cat tail grep find sleep; do ln -s "$(command -v "$tool")" "$bin/$tool"; done
  # Run it by hand: run_hook itself needs tools that this PATH leaves out.
  create_hook_input | PATH="$bin" "$bin/bash" "$STOP_WATCHER_SCRIPT" >"$BATS_TEST_TMPDIR/out" 2>"$BATS_TEST_TMPDIR/err"
  [ ! -s "$BATS_TEST_TMPDIR/out" ]
  [ ! -s "$BATS_TEST_TMPDIR/err" ]
  # RALPH_HOOKS_DEBUG=1 says why on stderr.
  create_hook_input | RALPH_HOOKS_DEBUG=1 PATH="$bin" "$bin/bash" "$STOP_WATCHER_SCRIPT" >"$BATS_TEST_TMPDIR/out" 2>"$BATS_TEST_TMPDIR/err"
  [ ! -s "$BATS_TEST_TMPDIR/out" ]
  [ "$(cat "$BATS_TEST_TMPDIR/err")" = "[ralph-specum] jq not found on PATH (install jq to enable this hook); allowing the stop" ]
}

@test "exits gracefully with empty input" {
  create_state_file >/dev/null
  run_stop_watcher ""
  assert_silent
  RALPH_HOOKS_DEBUG=1 run_stop_watcher ""
  [ "$status" -eq 0 ]
  [ -z "$output" ]
  assert_stderr_contains "empty hook input"
}

@test "exits gracefully with missing cwd in input" {
  create_state_file >/dev/null
  run_stop_watcher '{"stop_hook_active":false,"session_id":"test-session"}'
  assert_silent
  RALPH_HOOKS_DEBUG=1 run_stop_watcher '{"stop_hook_active":false,"session_id":"test-session"}'
  [ "$status" -eq 0 ]
  [ -z "$output" ]
  assert_stderr_contains '[ralph-specum] hook input has no "cwd"'
}

@test "exits gracefully with invalid JSON input" {
  create_state_file >/dev/null
  run_stop_watcher "{\"cwd\":\"$TEST_WORKSPACE\", broken"
  assert_silent
  RALPH_HOOKS_DEBUG=1 run_stop_watcher "{\"cwd\":\"$TEST_WORKSPACE\", broken"
  [ "$status" -eq 0 ]
  [ -z "$output" ]
  assert_stderr_contains "[ralph-specum] hook input is not valid JSON"
  run_stop_watcher "not json at all"
  assert_silent
}

@test "a decoy \"cwd\" key before the real one does not mislead the hook" {
  create_state_file >/dev/null
  local input
  input="$(jq -nc --arg cwd "$TEST_WORKSPACE" '{background_tasks:[{cwd:"/nonexistent"}], cwd:$cwd, stop_hook_active:false}')"
  run_stop_watcher "$input"
  assert_json_block
}

# ---------------------------------------------------------------- settings

@test "exits silently when plugin is disabled via settings" {
  create_state_file >/dev/null
  create_settings_file false >/dev/null
  run_stop_watcher
  assert_silent
}

@test "continues normally when plugin is enabled via settings" {
  create_state_file >/dev/null
  create_settings_file true >/dev/null
  run_stop_watcher
  assert_json_block
  assert_json_reason_contains "Continue spec: test-spec"
}

@test "settings: enabled value is read with quotes, spaces and case ignored" {
  create_state_file >/dev/null
  printf -- '---\nenabled: "FALSE"\n---\n# notes\n' >"$TEST_WORKSPACE/.claude/ralph-specum.local.md"
  run_stop_watcher
  assert_silent
}

@test "settings: specs_dirs in the frontmatter moves the spec folder" {
  mkdir -p "$TEST_WORKSPACE/docs/specs/other"
  printf 'other\n' >"$TEST_WORKSPACE/docs/specs/.current-spec"
  jq -n '{phase:"execution",taskIndex:0,totalTasks:2}' >"$TEST_WORKSPACE/docs/specs/other/.ralph-state.json"
  printf -- '---\nenabled: true\nspecs_dirs: ["./docs/specs", "./specs"]\n---\n' >"$TEST_WORKSPACE/.claude/ralph-specum.local.md"
  run_stop_watcher
  assert_json_reason_contains "Continue spec: other (Task 1/2"
  assert_json_reason_contains "Path: ./docs/specs/other"
}

@test "an absolute path in the current-spec marker is used as it is" {
  local elsewhere="$BATS_TEST_TMPDIR/elsewhere/spec-abs"
  mkdir -p "$elsewhere"
  jq -n '{phase:"execution",taskIndex:0,totalTasks:1}' >"$elsewhere/.ralph-state.json"
  printf '%s\n' "$elsewhere" >"$TEST_WORKSPACE/specs/.current-spec"
  run_stop_watcher
  assert_json_reason_contains "Continue spec: spec-abs"
}

# ---------------------------------------------------------------- stop_hook_active

@test "exits silently when stop_hook_active is true" {
  create_state_file >/dev/null
  run_stop_watcher "$(create_hook_input "$TEST_WORKSPACE" true)"
  [ "$status" -eq 0 ]
  [ -z "$output" ]
  assert_stderr_contains "[ralph-specum] stop_hook_active=true, skipping continuation to prevent re-invocation loop"
}

@test "outputs JSON when stop_hook_active is false" {
  create_state_file >/dev/null
  run_stop_watcher "$(create_hook_input "$TEST_WORKSPACE" false)"
  assert_json_block
}

# ---------------------------------------------------------------- output shape, limits, logging

@test "JSON output has all three required fields" {
  create_state_file >/dev/null
  run_stop_watcher
  [ "$(jq -r 'keys_unsorted | join(",")' <<<"$output")" = "decision,reason,systemMessage" ]
  [ "$(jq -r .decision <<<"$output")" = block ]
  assert_json_system_message_contains "Ralph-specum iteration 1 | Task 1/5"
}

@test "max iterations error is JSON format" {
  with_state '{"globalIteration":100,"maxGlobalIterations":100}'
  run_stop_watcher
  assert_json_block
  assert_json_reason_contains "ERROR: Maximum global iterations (100) reached."
  assert_json_reason_contains "3. Cancel and restart: /ralph-specum:cancel"
  [ "$(jq -r .systemMessage <<<"$output")" = "Ralph-specum: max iterations (100) reached" ]
}

@test "max iterations error still fires when stop_hook_active is true" {
  with_state '{"globalIteration":12,"maxGlobalIterations":10}'
  run_stop_watcher "$(create_hook_input "$TEST_WORKSPACE" true)"
  assert_json_block
  assert_json_reason_contains "Maximum global iterations (10)"
}

@test "max iterations error exits cleanly with stderr message" {
  STOP_WATCHER_SCRIPT="$BATS_FILE_TMPDIR/allow/.claude/hooks/stop-watcher.sh"
  with_state '{"globalIteration":100,"maxGlobalIterations":100}'
  run_stop_watcher
  [ "$status" -eq 0 ]
  [ -z "$output" ]
  assert_stderr_contains "[ralph-specum] ERROR: Maximum global iterations (100) reached. Review .progress.md for failure patterns."
  assert_stderr_contains "[ralph-specum] Recovery: fix issues manually, then run /ralph-specum:implement or /ralph-specum:cancel"
}

@test "logs session state to stderr during execution" {
  create_state_file execution 2 5 3 >/dev/null
  run_stop_watcher
  assert_stderr_contains "[ralph-specum] Session stopped during spec: test-spec | Task: 3/5 | Attempt: 3"
}

@test "every stderr line carries the prefix" {
  create_state_file >/dev/null
  run_stop_watcher "$(create_hook_input "$TEST_WORKSPACE" true)"
  local line
  for line in "${stderr_lines[@]}"; do [[ "$line" == "[ralph-specum] "* ]]; done
  (( ${#stderr_lines[@]} > 0 ))
}

# ---------------------------------------------------------------- transcript

@test "detects ALL_TASKS_COMPLETE in transcript and exits silently" {
  create_state_file >/dev/null
  local transcript
  transcript="$(create_transcript $'working\nALL_TASKS_COMPLETE')"
  run_stop_watcher "$(create_hook_input_with_transcript "$transcript")"
  [ "$status" -eq 0 ]
  [ -z "$output" ]
}

@test "continues when ALL_TASKS_COMPLETE signal not in transcript" {
  create_state_file >/dev/null
  local transcript
  transcript="$(create_transcript $'working\nstill working')"
  run_stop_watcher "$(create_hook_input_with_transcript "$transcript")"
  assert_json_block
}

@test "handles missing transcript_path gracefully" {
  create_state_file >/dev/null
  run_stop_watcher "$(create_hook_input)"
  assert_json_block
}

@test "handles non-existent transcript file gracefully" {
  create_state_file >/dev/null
  run_stop_watcher "$(create_hook_input_with_transcript "$TEST_WORKSPACE/missing.jsonl")"
  assert_json_block
}

@test "detects ALL_TASKS_COMPLETE with trailing whitespace" {
  create_state_file >/dev/null
  local transcript
  transcript="$(create_transcript 'ALL_TASKS_COMPLETE   ')"
  run_stop_watcher "$(create_hook_input_with_transcript "$transcript")"
  [ -z "$output" ]
}

@test "logs transcript detection to stderr" {
  create_state_file >/dev/null
  local transcript
  transcript="$(create_transcript 'ALL_TASKS_COMPLETE')"
  run_stop_watcher "$(create_hook_input_with_transcript "$transcript")"
  assert_stderr_contains "[ralph-specum] ALL_TASKS_COMPLETE detected in transcript"
}

@test "transcript completion wins over a corrupt state file" {
  create_corrupt_state_file >/dev/null
  local transcript
  transcript="$(create_transcript 'ALL_TASKS_COMPLETE')"
  run_stop_watcher "$(create_hook_input_with_transcript "$transcript")"
  [ -z "$output" ]
}

@test "line mode: the signal on its own line inside a real JSONL transcript ends the loop" {
  create_state_file >/dev/null
  local transcript="$TEST_WORKSPACE/transcript.jsonl"
  jq -nc '{type:"assistant",message:{id:"m1",role:"assistant",content:[{type:"text",text:"All verified.\nALL_TASKS_COMPLETE"}]}}' >"$transcript"
  run_stop_watcher "$(create_hook_input_with_transcript "$transcript")"
  [ -z "$output" ]
}

@test "line mode: the hook's own feedback that mentions the signal mid-sentence does not end the loop" {
  create_state_file >/dev/null
  local transcript="$TEST_WORKSPACE/transcript.jsonl"
  jq -nc '{type:"user",isMeta:true,message:{role:"user",content:[{type:"text",text:"Stop hook feedback:\n4. If taskIndex >= totalTasks: delete state file, output ALL_TASKS_COMPLETE"}]}}' >"$transcript"
  run_stop_watcher "$(create_hook_input_with_transcript "$transcript")"
  assert_json_block
}

@test "detects ALL_TASKS_COMPLETE with markdown bold formatting (word mode)" {
  STOP_WATCHER_SCRIPT="$BATS_FILE_TMPDIR/word/.claude/hooks/stop-watcher.sh"
  create_state_file >/dev/null
  local transcript
  transcript="$(create_transcript 'Done: **ALL_TASKS_COMPLETE**')"
  run_stop_watcher "$(create_hook_input_with_transcript "$transcript")"
  [ -z "$output" ]
  assert_stderr_contains "ALL_TASKS_COMPLETE detected in transcript"
}

@test "detects ALL_TASKS_COMPLETE as a heading (word mode)" {
  STOP_WATCHER_SCRIPT="$BATS_FILE_TMPDIR/word/.claude/hooks/stop-watcher.sh"
  create_state_file >/dev/null
  local transcript
  transcript="$(create_transcript '## ALL_TASKS_COMPLETE')"
  run_stop_watcher "$(create_hook_input_with_transcript "$transcript")"
  [ -z "$output" ]
}

@test "word mode does not match the signal inside a longer word" {
  STOP_WATCHER_SCRIPT="$BATS_FILE_TMPDIR/word/.claude/hooks/stop-watcher.sh"
  create_state_file >/dev/null
  local transcript
  transcript="$(create_transcript 'NOT_ALL_TASKS_COMPLETE_YET')"
  run_stop_watcher "$(create_hook_input_with_transcript "$transcript")"
  assert_json_block
}

@test "only the tail of a 200 MB transcript is read" {
  create_state_file >/dev/null
  local transcript="$TEST_WORKSPACE/big.jsonl"
  { printf 'ALL_TASKS_COMPLETE\n'; } >"$transcript"
  truncate -s 200M "$transcript"
  printf '\n{"type":"assistant"}\n' >>"$transcript"
  # The signal sits 200 MB back: outside the tail, so the loop goes on...
  run_stop_watcher "$(create_hook_input_with_transcript "$transcript")"
  assert_json_block
  # ...and at the end it is seen.
  printf 'ALL_TASKS_COMPLETE\n' >>"$transcript"
  run_stop_watcher "$(create_hook_input_with_transcript "$transcript")"
  [ -z "$output" ]
}

# ---------------------------------------------------------------- cleanup and safety

@test "orphaned .progress-task files older than 60 minutes are deleted, fresh ones kept" {
  create_state_file execution 5 5 >/dev/null
  local dir="$TEST_WORKSPACE/specs/test-spec"
  touch "$dir/.progress-task-1.md" "$dir/.progress-task-2.md"
  set_file_age "$dir/.progress-task-1.md" 3700
  run_stop_watcher
  assert_silent
  [ ! -e "$dir/.progress-task-1.md" ]
  [ -e "$dir/.progress-task-2.md" ]
}

@test "orphans are cleaned after a continuation too" {
  create_state_file >/dev/null
  local dir="$TEST_WORKSPACE/specs/test-spec"
  touch "$dir/.progress-task-9.md"
  set_file_age "$dir/.progress-task-9.md" 7200
  run_stop_watcher
  assert_json_block
  [ ! -e "$dir/.progress-task-9.md" ]
}

@test "text from the state file and the spec marker is never run as code" {
  # The marker's whitespace is stripped (as in the seed), so the payloads avoid spaces.
  local dir="$TEST_WORKSPACE/specs/x\"\$(touch\${IFS}pwned)\`touch\${IFS}pwned2\`"
  mkdir -p "$dir"
  printf '%s\n' "$(basename "$dir")" >"$TEST_WORKSPACE/specs/.current-spec"
  jq -n '{phase:"execution",taskIndex:"a[$(touch pwned3)]",totalTasks:"2",taskIteration:"$(touch pwned4)"}' >"$dir/.ralph-state.json"
  run_stop_watcher
  assert_json_block
  assert_json_reason_contains 'Continue spec: x"$(touch${IFS}pwned)`touch${IFS}pwned2`'
  [ ! -e "$TEST_WORKSPACE/pwned" ] && [ ! -e "$TEST_WORKSPACE/pwned2" ] && [ ! -e "$TEST_WORKSPACE/pwned3" ] && [ ! -e "$TEST_WORKSPACE/pwned4" ]
}

@test "control characters in names are kept, in valid JSON" {
  local name=$'ctl\001x\\y"z'
  mkdir -p "$TEST_WORKSPACE/specs/$name"
  printf '%s\n' "$name" >"$TEST_WORKSPACE/specs/.current-spec"
  jq -n '{phase:"execution",taskIndex:0,totalTasks:1}' >"$TEST_WORKSPACE/specs/$name/.ralph-state.json"
  run_stop_watcher
  assert_json_block
  # Kept byte for byte (written as \u0001 in the JSON), as the official loop plugin keeps them.
  assert_json_reason_contains $'Continue spec: ctl\001x\\y"z'
}

# ---------------------------------------------------------------- configuration

@test "configured names: state file, spec folder, signal, prefix, display name, commands" {
  STOP_WATCHER_SCRIPT="$BATS_FILE_TMPDIR/custom/.claude/hooks/stop-watcher.sh"
  mkdir -p "$TEST_WORKSPACE/work/feat"
  printf 'feat\n' >"$TEST_WORKSPACE/work/.current-spec"
  printf '{ broken' >"$TEST_WORKSPACE/work/feat/.loop-state.json"
  run_stop_watcher
  assert_json_reason_contains "ERROR: Corrupt state file at ./work/feat/.loop-state.json"
  assert_json_reason_contains "1. Reset state: /my:start (reinitializes from tasks.md)"
  assert_json_reason_contains "2. Cancel spec: /my:stop"
  assert_json_system_message_contains "My-loop: corrupt state file"
  assert_stderr_contains "[my-loop] ERROR: Corrupt state file"

  jq -n '{phase:"execution",taskIndex:0,totalTasks:2}' >"$TEST_WORKSPACE/work/feat/.loop-state.json"
  run_stop_watcher
  assert_json_reason_contains "output DONE.NOW"
  local transcript
  transcript="$(create_transcript 'DONE.NOW')"
  run_stop_watcher "$(create_hook_input_with_transcript "$transcript")"
  [ -z "$output" ]
  # The signal is matched literally: '.' is not a wildcard.
  transcript="$(create_transcript 'DONExNOW')"
  run_stop_watcher "$(create_hook_input_with_transcript "$transcript")"
  assert_json_block
}

# ---------------------------------------------------------------- state-management (reference §5.4)

@test "stop hook uses taskIndex for continuation check" {
  create_state_file execution 3 5 >/dev/null
  run_stop_watcher
  assert_json_reason_contains "Continue spec"
  assert_json_reason_contains "Index: 3"
}

@test "stop hook silent when taskIndex equals totalTasks" {
  create_state_file execution 3 3 >/dev/null
  run_stop_watcher
  assert_output_not_contains "Continue spec"
}

@test "stop hook reads phase from state file" {
  create_state_file execution >/dev/null
  run_stop_watcher
  assert_json_reason_contains "Continue"
  create_state_file tasks >/dev/null
  run_stop_watcher
  assert_silent
}

@test "maxGlobalIterations defaults to 100 when missing" {
  with_state '{"globalIteration":99}'
  run_stop_watcher
  assert_json_reason_contains "Continue spec"
  with_state '{"globalIteration":100}'
  run_stop_watcher
  assert_json_reason_contains "Maximum global iterations (100)"
}

@test "stop hook enforces maxGlobalIterations limit" {
  with_state '{"globalIteration":5,"maxGlobalIterations":5}'
  run_stop_watcher
  assert_json_block
  assert_json_reason_contains "Maximum global iterations"
}

@test "stop hook allows execution when under maxGlobalIterations" {
  with_state '{"globalIteration":4,"maxGlobalIterations":5}'
  run_stop_watcher
  assert_json_reason_contains "Continue"
}

# ---------------------------------------------------------------- integration (reference §5.3)

# advance_task — what the coordinator does after a verified task: next index, fresh attempt count.
advance_task() {
  local file
  file="$(state_file)"
  jq '.taskIndex += 1 | .taskIteration = 1 | .globalIteration = ((.globalIteration // 1) + 1)' "$file" >"$file.tmp" && mv "$file.tmp" "$file"
}

@test "integration: full loop completes 2-task spec" {
  create_state_file execution 0 2 >/dev/null
  run_stop_watcher
  assert_json_reason_contains "Continue spec: test-spec (Task 1/2"
  advance_task
  run_stop_watcher
  assert_json_reason_contains "Continue spec: test-spec (Task 2/2"
  advance_task
  run_stop_watcher
  assert_output_not_contains "Continue spec"
  [ -z "$output" ]
}

@test "integration: loop handles task retry scenario" {
  create_state_file execution 1 3 1 >/dev/null
  run_stop_watcher
  assert_json_reason_contains "Iteration: 1/5"
  local file
  file="$(state_file)"
  jq '.taskIteration = 2' "$file" >"$file.tmp" && mv "$file.tmp" "$file"
  run_stop_watcher
  assert_json_reason_contains "Continue spec: test-spec (Task 2/3"
  assert_json_reason_contains "Iteration: 2/5"
}

@test "integration: loop terminates on state file deletion (cancel)" {
  create_state_file execution 0 3 >/dev/null
  run_stop_watcher
  assert_json_block
  rm "$(state_file)"
  run_stop_watcher
  assert_silent
}

@test "integration: loop terminates on phase change" {
  create_state_file execution 0 3 >/dev/null
  run_stop_watcher
  assert_json_block
  create_state_file paused 0 3 >/dev/null
  run_stop_watcher
  [ -z "$output" ]
}

@test "integration: handles switching between specs" {
  create_state_file execution 0 3 >/dev/null
  mkdir -p "$TEST_WORKSPACE/specs/other-spec"
  create_state_file execution 1 2 1 "$TEST_WORKSPACE/specs/other-spec" >/dev/null
  run_stop_watcher
  assert_json_reason_contains "Continue spec: test-spec (Task 1/3"
  printf 'other-spec\n' >"$TEST_WORKSPACE/specs/.current-spec"
  run_stop_watcher
  assert_json_reason_contains "Continue spec: other-spec (Task 2/2"
}

@test "integration: single task spec completes correctly" {
  create_state_file execution 0 1 >/dev/null
  run_stop_watcher
  assert_json_reason_contains "Continue spec: test-spec (Task 1/1"
  advance_task
  run_stop_watcher
  assert_silent
}

@test "integration: continuation prompt includes state file path" {
  create_state_file >/dev/null
  run_stop_watcher
  assert_json_reason_contains "./specs/test-spec/.ralph-state.json"
}

@test "integration: continuation prompt includes tasks.md reference" {
  create_state_file >/dev/null
  create_tasks_file 5 >/dev/null
  run_stop_watcher
  assert_json_reason_contains "./specs/test-spec/tasks.md"
}

@test "integration: continuation prompt mentions spec-executor delegation" {
  create_state_file >/dev/null
  run_stop_watcher
  assert_json_reason_contains "Delegate task 0 to spec-executor (or qa-engineer for [VERIFY])"
}

@test "integration: continuation prompt mentions completion signal" {
  create_state_file >/dev/null
  run_stop_watcher
  assert_json_reason_contains "output ALL_TASKS_COMPLETE"
}

@test "a corrupt state file written long ago is reported at once, without the settle wait" {
  log_sleeps
  create_corrupt_state_file >/dev/null
  set_file_age "$(state_file)" 30
  run_stop_watcher
  assert_json_reason_contains "ERROR: Corrupt state file"
  [[ $(sleeps) == 0 ]] || { echo "the hook waited: sleep ran $(sleeps) times" >&2; return 1; }
}

@test "a fresh corrupt state file is re-read for the settle time before it is reported" {
  log_sleeps
  RH_STATE_FILE_AGE=0 create_corrupt_state_file >/dev/null
  # Written "now" plus a margin: the hook tells fresh from old by whole seconds, and a busy
  # machine may take a second or more to start it; 30 s ahead stays fresh however slow.
  set_file_age "$(state_file)" -30
  local start=${EPOCHREALTIME/[.,]/}
  run_stop_watcher
  assert_json_reason_contains "ERROR: Corrupt state file"
  # Every 100 ms for the settle time (1000 ms): ten re-reads. A lower bound on the time
  # taken holds on any machine: a loaded one only sleeps longer.
  [[ $(sleeps) == 10 ]] || { echo "expected 10 sleeps of the settle wait, got $(sleeps): $(tr '\n' ' ' <"$SLEEP_LOG")" >&2; return 1; }
  (( ${EPOCHREALTIME/[.,]/} - start >= 900000 ))
}
