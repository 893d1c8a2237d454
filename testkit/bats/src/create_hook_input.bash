# create_hook_input [cwd=$TEST_WORKSPACE] [stop_hook_active=false]
#
# Print the seed's Stop input: {"cwd", "stop_hook_active", "session_id":"test-session"}.
# Globals: TEST_WORKSPACE (read)
create_hook_input() {
  jq -n --arg cwd "${1:-${TEST_WORKSPACE:-$PWD}}" --argjson active "${2:-false}" \
    '{cwd: $cwd, stop_hook_active: $active, session_id: "test-session"}'
}
