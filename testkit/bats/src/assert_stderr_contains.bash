# assert_stderr_contains TEXT
#
# Substring check on $stderr (set by run_hook, or by bats `run --separate-stderr`).
# Returns: 0 or 1 with a `-- stderr does not contain the expected text --` message.
assert_stderr_contains() {
  _rh_require_output assert_stderr_contains || return 1
  if [[ "${stderr:-}" != *"${1?assert_stderr_contains: missing TEXT}"* ]]; then
    _rh_fail_with_output 'stderr does not contain the expected text' "$1" "$([[ -n "${stderr:-}" ]] && echo 'see stderr below' || echo '(empty)')"
    return 1
  fi
}
