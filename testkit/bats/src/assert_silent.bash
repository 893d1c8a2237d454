# assert_silent [--allow-stderr]
#
# Fail unless the hook exited 0 with empty stdout and (without --allow-stderr) empty stderr.
# Globals: status, output, stderr (read)
# Returns: 0 or 1 with a `-- hook was not silent --` message.
assert_silent() {
  _rh_require_output assert_silent || return 1
  local allow_stderr=0 expected='exit 0, empty stdout and stderr'
  [[ "${1:-}" == --allow-stderr ]] && allow_stderr=1 expected='exit 0, empty stdout'
  local -a problems=()
  [[ "${status-}" == 0 ]] || problems+=("exit code ${status-unset}")
  [[ -z "${output//[[:space:]]/}" ]] || problems+=('stdout not empty')
  ((allow_stderr)) || [[ -z "${stderr:-}" ]] || problems+=('stderr not empty')
  if ((${#problems[@]})); then
    local IFS=,
    local actual="${problems[*]}"
    _rh_fail_with_output 'hook was not silent' "$expected" "${actual//,/, }"
    return 1
  fi
}
