# assert_json_block
#
# Fail unless $output holds a JSON object with "decision": "block". Log lines such as
# `[ralph-specum] ...` are ignored, so it also works after bats `run` (merged streams).
#
# Globals: output, status, stderr (read)
# Returns: 0 on success, 1 on failure with a message on stderr:
#   -- hook output is not a JSON block --
#   expected  : decision : "block"
#   actual    : decision : "approve"
#   exit code : 0
#   stdout    : {"decision":"approve"}
#   stderr    :
#   --
assert_json_block() {
  _rh_require_output assert_json_block || return 1
  local json decision
  json="$(_rh_json_output)"
  if [[ -z "$json" ]]; then
    _rh_fail_with_output 'hook output is not a JSON block' '{"decision":"block", ...} on stdout' 'stdout is not a JSON object'
    return 1
  fi
  decision="$(jq -c '.decision // "missing"' <<<"$json")"
  if [[ "$decision" != '"block"' ]]; then
    _rh_fail_with_output 'hook output is not a JSON block' 'decision : "block"' "decision : $decision"
    return 1
  fi
}
