# append_transcript_assistant TEXT [message_id]
#
# Append a Claude Code assistant line with one text block to $TEST_WORKSPACE/transcript.jsonl.
# Call it twice with the same message_id for two lines of one response.
# Globals: TEST_WORKSPACE (read)
append_transcript_assistant() {
  local text="${1?append_transcript_assistant: missing TEXT}" id="${2:-msg_$RANDOM$RANDOM}"
  jq -cn --arg text "$text" --arg id "$id" --arg cwd "${TEST_WORKSPACE:?}" \
    '{type: "assistant", isSidechain: false, cwd: $cwd, sessionId: "test-session",
      message: {id: $id, type: "message", role: "assistant", content: [{type: "text", text: $text}]}}' \
    >>"$TEST_WORKSPACE/transcript.jsonl"
}
