# assert_deny [REASON_TEXT]
#
# Fail unless a guard blocked the call: forgeflare {"action":"block"}, Claude Code
# permissionDecision "deny", legacy decision "block", or exit 2 (reason: stderr). With
# REASON_TEXT, the reason must contain it.
# Globals: status, output, stderr (read)
# Returns: 0 or 1 with a `-- guard did not deny --` message.
assert_deny() {
  _rh_require_output assert_deny || return 1
  local kind how reason
  _rh_split_decision "$(_rh_guard_decision)"
  if [[ "$kind" != deny ]]; then
    _rh_fail_with_output 'guard did not deny' deny "$how"
    return 1
  fi
  if (($# > 0)) && [[ "$reason" != *"$1"* ]]; then
    _rh_fail_with_output 'deny reason does not contain the expected text' "$1" "${reason:-(no reason)}"
    return 1
  fi
}
