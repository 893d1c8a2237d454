# append_transcript_stop_feedback REASON
#
# Append the isMeta user line Claude Code writes when a Stop hook blocks
# (`Stop hook feedback:\n<reason>`) to $TEST_WORKSPACE/transcript.jsonl.
# Globals: TEST_WORKSPACE (read)
append_transcript_stop_feedback() {
  jq -cn --arg reason "${1?append_transcript_stop_feedback: missing REASON}" --arg cwd "${TEST_WORKSPACE:?}" \
    '{type: "user", isMeta: true, cwd: $cwd, sessionId: "test-session",
      message: {role: "user", content: ("Stop hook feedback:\n" + $reason)}}' >>"$TEST_WORKSPACE/transcript.jsonl"
}
