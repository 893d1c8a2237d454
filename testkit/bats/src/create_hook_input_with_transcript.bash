# create_hook_input_with_transcript [transcript_path] [cwd=$TEST_WORKSPACE] [stop_hook_active=false]
#
# Print the seed's Stop input plus "transcript_path".
# Globals: TEST_WORKSPACE (read)
create_hook_input_with_transcript() {
  jq -n --arg t "${1:-}" --arg cwd "${2:-${TEST_WORKSPACE:-$PWD}}" --argjson active "${3:-false}" \
    '{cwd: $cwd, stop_hook_active: $active, session_id: "test-session", transcript_path: $t}'
}
