# create_workspace [layout=specum|speckit]
#
# Make a fresh temporary workspace and export TEST_WORKSPACE (and CLAUDE_PROJECT_DIR) to it,
# laid out like the seed's setup(): <specs>/<spec>/, the current-spec marker naming the spec,
# and .claude/. No state file is created.
#
# Globals (read; set to override the specum layout):
#   RH_SPECS_DIR          specs folder            (specum: specs, speckit: .specify/specs)
#   RH_SPEC_NAME          spec / feature name     (test-spec)
#   RH_CURRENT_SPEC_FILE  current-spec marker     (specs/.current-spec, speckit: .specify/.current-feature)
#   RH_STATE_FILE_NAME    state file in the spec  (.ralph-state.json, speckit: .speckit-state.json)
#   RH_SETTINGS_FILE      settings file           (.claude/ralph-specum.local.md, speckit: .claude/ralph-speckit.local.md)
# Globals (set): TEST_WORKSPACE, CLAUDE_PROJECT_DIR, and the RH_* variables above.
# Returns: 0, or 1 if the directory cannot be made.
create_workspace() {
  local layout="${1:-${RH_LAYOUT:-specum}}"
  if [[ "$layout" == speckit ]]; then
    RH_SPECS_DIR="${RH_SPECS_DIR:-.specify/specs}"
    RH_CURRENT_SPEC_FILE="${RH_CURRENT_SPEC_FILE:-.specify/.current-feature}"
    RH_STATE_FILE_NAME="${RH_STATE_FILE_NAME:-.speckit-state.json}"
    RH_SETTINGS_FILE="${RH_SETTINGS_FILE:-.claude/ralph-speckit.local.md}"
  fi
  RH_SPECS_DIR="${RH_SPECS_DIR:-specs}"
  RH_SPEC_NAME="${RH_SPEC_NAME:-test-spec}"
  RH_CURRENT_SPEC_FILE="${RH_CURRENT_SPEC_FILE:-$RH_SPECS_DIR/.current-spec}"
  RH_STATE_FILE_NAME="${RH_STATE_FILE_NAME:-.ralph-state.json}"
  RH_SETTINGS_FILE="${RH_SETTINGS_FILE:-.claude/ralph-specum.local.md}"

  TEST_WORKSPACE="$(mktemp -d "${BATS_TEST_TMPDIR:-${TMPDIR:-/tmp}}/rh-ws.XXXXXX")" || return 1
  export TEST_WORKSPACE CLAUDE_PROJECT_DIR="$TEST_WORKSPACE"
  mkdir -p "$TEST_WORKSPACE/$RH_SPECS_DIR/$RH_SPEC_NAME" "$TEST_WORKSPACE/.claude"
  mkdir -p "$(dirname "$TEST_WORKSPACE/$RH_CURRENT_SPEC_FILE")"
  printf '%s\n' "$RH_SPEC_NAME" >"$TEST_WORKSPACE/$RH_CURRENT_SPEC_FILE"
}
