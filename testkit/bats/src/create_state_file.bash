# create_state_file [phase=execution] [taskIndex=0] [totalTasks=5] [taskIteration=1] [spec_dir]
#
# Write the seed's six-field state (phase, taskIndex, totalTasks, taskIteration, specName,
# specPath) to <spec_dir>/$RH_STATE_FILE_NAME, 60 s old (RH_STATE_FILE_AGE), and print its path. Add fields afterwards with
# `jq '. + {...}'`, or pass RH_STATE_EXTRA='{"globalIteration":3}' to merge them in.
# Globals: TEST_WORKSPACE, RH_* layout variables, RH_STATE_EXTRA (read)
create_state_file() {
  local phase="${1:-execution}" task_index="${2:-0}" total_tasks="${3:-5}" task_iteration="${4:-1}"
  local spec_dir="${5:-$(_rh_spec_dir)}"
  local file="$spec_dir/${RH_STATE_FILE_NAME:-.ralph-state.json}"
  local spec_name extra="${RH_STATE_EXTRA:-}"
  [[ -n "$extra" ]] || extra='{}'
  spec_name="$(basename "$spec_dir")"
  mkdir -p "$spec_dir"
  jq -n --arg phase "$phase" --argjson i "$task_index" --argjson t "$total_tasks" --argjson it "$task_iteration" \
    --arg name "$spec_name" --arg path "./${RH_SPECS_DIR:-specs}/$spec_name" --argjson extra "$extra" \
    '{phase: $phase, taskIndex: $i, totalTasks: $t, taskIteration: $it, specName: $name, specPath: $path} + $extra' >"$file" || return 1
  # Back-dated (default 60 s) so hooks that wait on a fresh write don't sleep; RH_STATE_FILE_AGE=0 keeps it fresh.
  set_file_age "$file" "${RH_STATE_FILE_AGE:-60}"
  printf '%s\n' "$file"
}
