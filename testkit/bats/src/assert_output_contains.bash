# assert_output_contains TEXT
#
# The seed's substring check on $output.
# Returns: 0 or 1 with a `-- output does not contain the expected text --` message.
assert_output_contains() {
  _rh_require_output assert_output_contains || return 1
  if [[ "$output" != *"${1?assert_output_contains: missing TEXT}"* ]]; then
    _rh_fail_with_output 'output does not contain the expected text' "$1" 'see stdout below'
    return 1
  fi
}
