# assert_json_system_message_contains TEXT
#
# Fail unless the JSON systemMessage contains TEXT.
# Globals: output, status, stderr (read)
# Returns: 0 or 1 with a `-- JSON systemMessage does not contain the expected text --` message.
assert_json_system_message_contains() {
  local expected="${1?assert_json_system_message_contains: missing TEXT}" message
  _rh_require_output assert_json_system_message_contains || return 1
  message="$(_rh_json_output | jq -r '.systemMessage // "(no systemMessage)"' 2>/dev/null)"
  if [[ "$message" != *"$expected"* ]]; then
    _rh_fail_with_output 'JSON systemMessage does not contain the expected text' "$expected" "${message:-(no systemMessage)}"
    return 1
  fi
}
