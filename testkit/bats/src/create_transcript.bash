# create_transcript [content]
#
# Write $TEST_WORKSPACE/transcript.jsonl with `content` as-is (the seed writes plain lines)
# and print its path. For real JSONL lines use append_transcript_assistant and
# append_transcript_stop_feedback.
# Globals: TEST_WORKSPACE (read)
create_transcript() {
  local file="${TEST_WORKSPACE:?create_workspace first}/transcript.jsonl"
  printf '%s\n' "${1:-}" >"$file"
  printf '%s\n' "$file"
}
