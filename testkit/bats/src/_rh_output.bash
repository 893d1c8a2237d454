# Private helpers shared by the testkit functions: failure formatting in bats-support's
# layout (re-implemented so bats-support stays optional) and path defaults.

# Print key/value pairs aligned on the colon, or as `key (N lines):` blocks with two-space
# indented values when any value spans lines (bats-support's batslib_print_kv_single_or_multi).
# Arguments: key value [key value ...]
_rh_print_kv() {
  local -a pairs=("$@")
  local -i i width=0 multi=0
  for ((i = 0; i < ${#pairs[@]}; i += 2)); do
    ((${#pairs[i]} > width)) && width=${#pairs[i]}
    [[ "${pairs[i + 1]}" == *$'\n'* ]] && multi=1
  done
  for ((i = 0; i < ${#pairs[@]}; i += 2)); do
    if ((multi)); then
      local value="${pairs[i + 1]}" line
      local -i count=0
      [[ -n "$value" ]] && count=$(printf '%s\n' "$value" | wc -l)
      printf '%s (%d lines):\n' "${pairs[i]}" "$count"
      [[ -n "$value" ]] && while IFS= read -r line; do printf '  %s\n' "$line"; done <<<"$value"
    else
      printf '%-*s : %s\n' "$width" "${pairs[i]}" "${pairs[i + 1]}"
    fi
  done
}

# Print a failure block on stderr and return 1.
# Arguments: title key value [key value ...]
_rh_fail() {
  local title="$1"
  shift
  {
    printf -- '-- %s --\n' "$title"
    _rh_print_kv "$@"
    printf -- '--\n'
  } >&2
  return 1
}

# Fail with expected/actual plus the hook's full output ($status, $output, ${stderr-}).
# Arguments: title expected actual
_rh_fail_with_output() {
  _rh_fail "$1" expected "$2" actual "$3" 'exit code' "${status-}" stdout "${output-}" stderr "${stderr-}"
}

# Check that run_hook (or bats `run`) has set $output. Returns 1 with a message otherwise.
_rh_require_output() {
  if [[ -z "${output+set}" ]]; then
    _rh_fail "$1: no hook output" expected 'run_hook (or bats run) before asserting' actual '$output is unset'
    return 1
  fi
}

# The JSON object in $output. Log lines (`[prefix] ...`) are dropped first, so this also works
# on bats `run` output where stderr is merged into stdout (the seed's _extract_json_from_output).
_rh_json_output() {
  local text="${output-}"
  if printf '%s' "$text" | jq -e 'type == "object"' >/dev/null 2>&1; then
    printf '%s' "$text"
    return 0
  fi
  printf '%s\n' "$text" | grep -v '^\[[A-Za-z0-9_.-]*\]' | jq -cs 'map(select(type == "object")) | last // empty' 2>/dev/null
}

# Defaults of the workspace layout (ralph-specum), each overridable by its variable.
_rh_specs_dir() { printf '%s' "${TEST_WORKSPACE:?create_workspace first}/${RH_SPECS_DIR:-specs}"; }
_rh_spec_dir() { printf '%s' "$(_rh_specs_dir)/${RH_SPEC_NAME:-test-spec}"; }
