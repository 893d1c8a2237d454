# run_hook SCRIPT [INPUT]
#
# Run a hook script with INPUT on stdin (default: create_hook_input) in $TEST_WORKSPACE, and
# set bats' result variables with stdout and stderr kept apart. Call it directly, not
# through `run`. The interpreter follows the extension (.js/.mjs: node, .py: python3, else
# bash) unless RH_HOOK_INTERPRETER is set. The hook is killed after RH_HOOK_TIMEOUT seconds
# (default 10), which sets status 124.
#
# Globals (read): TEST_WORKSPACE, RH_HOOK_INTERPRETER, RH_HOOK_TIMEOUT
# Globals (set):  status, output (stdout), lines, stderr, stderr_lines
# Returns: 0 (the hook's status is in $status), 1 if SCRIPT does not exist.
run_hook() {
  local script="${1?run_hook: missing SCRIPT}" input
  if (($# >= 2)); then input="$2"; else input="$(create_hook_input)"; fi
  [[ "$script" == /* ]] || script="$PWD/$script"
  if [[ ! -f "$script" ]]; then
    _rh_fail 'run_hook: hook script not found' expected 'an existing file' actual "$script"
    return 1
  fi
  local interpreter="${RH_HOOK_INTERPRETER:-}"
  if [[ -z "$interpreter" ]]; then
    case "$script" in
      *.js | *.mjs | *.cjs) interpreter=node ;;
      *.py) interpreter=python3 ;;
      *) interpreter=bash ;;
    esac
  fi
  local tmp dir="${TEST_WORKSPACE:-$PWD}"
  tmp="$(mktemp -d "${BATS_TEST_TMPDIR:-${TMPDIR:-/tmp}}/rh-run.XXXXXX")"
  # A file, not a pipe: a hook that never reads stdin must not break the writer.
  printf '%s' "$input" >"$tmp/stdin"
  if (cd "$dir" && CLAUDE_PROJECT_DIR="${CLAUDE_PROJECT_DIR:-$dir}" exec timeout -k 1 "${RH_HOOK_TIMEOUT:-10}" "$interpreter" "$script") \
    <"$tmp/stdin" >"$tmp/stdout" 2>"$tmp/stderr"; then
    status=0
  else
    status=$?
  fi
  output="$(<"$tmp/stdout")"
  stderr="$(<"$tmp/stderr")"
  # shellcheck disable=SC2034
  { mapfile -t lines <<<"$output"; mapfile -t stderr_lines <<<"$stderr"; }
  [[ -n "$output" ]] || lines=()
  [[ -n "$stderr" ]] || stderr_lines=()
  rm -rf "$tmp"
}
