# assert_output_not_contains TEXT
#
# The seed's negative substring check on $output.
# Returns: 0 or 1 with a `-- output contains unexpected text --` message.
assert_output_not_contains() {
  _rh_require_output assert_output_not_contains || return 1
  if [[ "$output" == *"${1?assert_output_not_contains: missing TEXT}"* ]]; then
    _rh_fail_with_output 'output contains unexpected text' "no $1" 'see stdout below'
    return 1
  fi
}
