# assert_json_reason_contains TEXT
#
# Fail unless the JSON reason (top-level `reason`, else hookSpecificOutput's
# permissionDecisionReason) contains TEXT.
# Globals: output, status, stderr (read)
# Returns: 0 or 1 with a `-- JSON reason does not contain the expected text --` message.
assert_json_reason_contains() {
  local expected="${1?assert_json_reason_contains: missing TEXT}" reason
  _rh_require_output assert_json_reason_contains || return 1
  reason="$(_rh_json_output | jq -r '.reason // .hookSpecificOutput.permissionDecisionReason // "(no reason)"' 2>/dev/null)"
  if [[ "$reason" != *"$expected"* ]]; then
    _rh_fail_with_output 'JSON reason does not contain the expected text' "$expected" "${reason:-(no reason)}"
    return 1
  fi
}
