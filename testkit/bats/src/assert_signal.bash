# assert_signal [NAME]
#
# Fail unless a forgeflare PostToolUse hook answered {"action":"signal"} (with "signal": NAME
# when given) and exited 0.
# Globals: status, output, stderr (read)
# Returns: 0 or 1 with a `-- hook did not signal --` message.
assert_signal() {
  _rh_require_output assert_signal || return 1
  local json actual expected='{"action":"signal"}'
  (($# > 0)) && expected="{\"action\":\"signal\",\"signal\":\"$1\"}"
  json="$(_rh_json_output)"
  if [[ "${status-}" == 0 && -n "$json" ]] && jq -e --arg name "${1:-}" \
    '.action == "signal" and ($name == "" or .signal == $name)' <<<"$json" >/dev/null; then
    return 0
  fi
  if [[ -n "$json" ]]; then actual="$(jq -c '{action, signal}' <<<"$json")"; else actual='stdout is not a JSON object'; fi
  _rh_fail_with_output 'hook did not signal' "$expected" "$actual"
}
