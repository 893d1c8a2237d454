# assert_allow [--explicit]
#
# Fail unless a guard let the call through: forgeflare {"action":"allow"}, Claude Code
# permissionDecision "allow", or (without --explicit) exit 0 with no decision.
# Globals: status, output, stderr (read)
# Returns: 0 or 1 with a `-- guard did not allow --` message.
assert_allow() {
  _rh_require_output assert_allow || return 1
  local kind how reason expected='allow (or exit 0 with no decision)'
  _rh_split_decision "$(_rh_guard_decision)"
  [[ "$kind" == allow ]] && return 0
  if [[ "${1:-}" == --explicit ]]; then
    expected='an explicit allow'
  elif [[ "$kind" == none ]]; then
    return 0
  fi
  _rh_fail_with_output 'guard did not allow' "$expected" "$how"
}
