# shellcheck shell=bash
# The life of ralph-hooks in one repository shape, with that repository's real package manager.
# Sourced by test/e2e/registry.sh (which defines step, check, WORK, REGISTRY and the npm
# variables pointing at its verdaccio); every other *.sh file in this folder is a shape.
#
# A shape file sets, and run_shape reads:
#   SHAPE_PM        the package manager it uses (pnpm, yarn, bun, npm or none): for the log
#   SHAPE_INIT      the command its user types to set ralph-hooks up
#   SHAPE_FORMAT    its formatter, over every file
#   SHAPE_RALPH     how its user runs the ralph-hooks CLI (for `uninstall --yes`)
#   shape_files     a function writing its files into the current (empty) folder
#   shape_setup     a function doing what the repository's own README says after a clone
#                   (install, git hooks); its lockfile is committed with the files
# and optionally:
#   SHAPE_TEST          the repository's own test command, run before init and after it
#   shape_after_init    a function with checks of its own, run right after init
#
# The lifecycle (each a PASS/FAIL step, timed): write and commit the repository; init; the install
# step init prints (after it, the lockfiles are the ones there were: no other package manager's);
# the hook-test command init prints; the repository's own tests; commit (its own git hooks run);
# every `run:` line of .github/workflows/ralph-hooks.yml, in order, in a fresh clone with CI=true;
# doctor (clean: "All is well."); the formatter over everything; generate (no conflict);
# uninstall --yes; the final step uninstall prints; then `git status --porcelain` against the
# commit before init must be what it was before init.
#
# Commands come from what the product prints: in init's "Next steps:", the lines
#   - Install what the hooks and their tests need: <command>   (may be absent)
#   - Run the hook tests: <command>
#   - Check the setup: <command>
#   - Edit ralph-hooks.config.json (...), then run: <command>
# (the text after the first ': '), and uninstall's last line `Then <words>: <command>` (absent:
# nothing more to do).
#
# A shape stops at its first failing step; SHAPES_KEEP_GOING=1 runs its later steps anyway
# (the first failure still fails it). Every shape runs; run_shapes fails if any failed.
#
# The checks are bash -c '…' scripts that expand their own variables.
# shellcheck disable=SC2016

SHAPES_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# Pinned so a run is repeatable; each runs on Node 20 (engines checked when they were chosen).
SHAPE_TOOLS=(pnpm@10.34.9 @yarnpkg/cli-dist@4.18.1 bun@1.4.5)

# The shapes to run: E2E_SHAPES="pnpm-workspace bun" (names of files here, without .sh;
# commas or spaces), all of them when unset, none for "none".
selected_shapes() {
  local name
  if [[ -n "${E2E_SHAPES:-}" ]]; then
    [[ "$E2E_SHAPES" == none ]] && return 0
    for name in ${E2E_SHAPES//,/ }; do
      [[ -f "$SHAPES_DIR/$name.sh" && "$name" != lifecycle ]] || { echo "no such shape: $name (test/e2e/shapes/$name.sh)" >&2; return 1; }
      echo "$name"
    done
  else
    for name in "$SHAPES_DIR"/*.sh; do
      name="$(basename "$name" .sh)"
      [[ "$name" == lifecycle ]] || echo "$name"
    done
  fi
}

# One tools folder for every shape: pnpm, yarn (berry) and bun from npm, installed once (from
# whatever registry npm is pointed at when this runs).
install_shape_tools() {
  local tools="$WORK/tools"
  mkdir -p "$tools"
  printf '{ "private": true }\n' >"$tools/package.json"
  step "install the package managers (${SHAPE_TOOLS[*]})" \
    npm install --prefix "$tools" --no-package-lock --no-save "${SHAPE_TOOLS[@]}"
  # bun's postinstall puts the binary that runs on this processor (the AVX2 build, or the
  # baseline one when that one fails to start) in place of a stub: prove it did.
  step "pnpm, yarn and bun run" bash -c '
    set -e
    export PATH="$1/node_modules/.bin:$PATH"
    echo "pnpm $(pnpm --version), yarn $(yarn --version), bun $(bun --version)"
    [ "$(pnpm --version)" = 10.34.9 ] && [ "$(yarn --version)" = 4.18.1 ] && [ "$(bun --version)" = 1.4.5 ]' _ "$tools"
}

# The environment every shape runs in: the tools on PATH, every package manager pointed at the
# local verdaccio, and their caches, stores and global folders (pnpm's store, yarn's cache, bun's,
# the dlx folders) in a home of their own inside $WORK, so that runs share nothing and nothing is
# written into this machine's home.
shape_environment() {
  local home="$WORK/home"
  # pyenv's shims find their versions through HOME, and pip its configuration (the index this
  # machine installs from): keep both where they are.
  if [[ -z "${PYENV_ROOT:-}" && -d "$HOME/.pyenv" ]]; then export PYENV_ROOT="$HOME/.pyenv"; fi
  local pip_config
  for pip_config in "${XDG_CONFIG_HOME:-$HOME/.config}/pip/pip.conf" "$HOME/.pip/pip.conf"; do
    if [[ -z "${PIP_CONFIG_FILE:-}" && -f "$pip_config" ]]; then export PIP_CONFIG_FILE="$pip_config"; fi
  done
  export HOME="$home" TMPDIR="$WORK/tmp" XDG_CONFIG_HOME="$home/.config" XDG_CACHE_HOME="$home/.cache" \
    XDG_DATA_HOME="$home/.local/share" XDG_STATE_HOME="$home/.local/state"
  export PATH="$WORK/tools/node_modules/.bin:$PATH"
  # pnpm reads npm_config_registry (set by registry.sh), bun BUN_CONFIG_REGISTRY, yarn berry its own.
  export BUN_CONFIG_REGISTRY="$REGISTRY"
  export YARN_NPM_REGISTRY_SERVER="${REGISTRY%/}" YARN_UNSAFE_HTTP_WHITELIST=127.0.0.1 YARN_ENABLE_TELEMETRY=0
  # Yarn 4 takes no version younger than a day (npmMinimalAgeGate): ours were published a minute ago.
  export YARN_NPM_PREAPPROVED_PACKAGES=ralph-hooks,create-ralph-hooks
  export DO_NOT_TRACK=1
  # The user's steps run as on the user's machine (pnpm and yarn freeze their lockfile when CI is
  # set); the workflow's run: steps get CI=true, as on GitHub.
  unset CI GITHUB_ACTIONS
}

# The home every shape shares, made once: git's identity and defaults.
make_shape_home() {
  local config="$WORK/home/.gitconfig"
  mkdir -p "$WORK/home" "$WORK/tmp"
  git config --file "$config" user.name 'ralph-hooks e2e'
  git config --file "$config" user.email e2e@example.invalid
  git config --file "$config" init.defaultBranch main
  git config --file "$config" advice.detachedHead false
}

# The package managers' lockfiles here, one a line, each with its format where a package manager
# writes another's: a yarn.lock of yarn 1 (and npm) or of yarn 2+ (berry).
lockfiles() {
  local file
  for file in package-lock.json npm-shrinkwrap.json pnpm-lock.yaml yarn.lock bun.lock bun.lockb; do
    [[ -e "$file" ]] || continue
    case "$file" in
      yarn.lock) if grep -q '^__metadata:' yarn.lock; then echo "yarn.lock (berry)"; else echo "yarn.lock (v1)"; fi ;;
      *) echo "$file" ;;
    esac
  done
}

# printed_command FILE PREFIX — the text after the first ': ' on the first line of FILE that
# starts with PREFIX (nothing, and status 1, when there is no such line).
printed_command() {
  local line
  line="$(awk -v prefix="$2" 'index($0, prefix) == 1 && index($0, ": ") { print; exit }' "$1")"
  [[ -n "$line" ]] || return 1
  printf '%s\n' "${line#*: }"
}

# The run: values of a GitHub workflow, in order, each followed by a NUL and marked by its first
# character: "|" a block scalar (| or >, with its chomping mark), "=" a one-line scalar.
workflow_runs() {
  awk '
    function flush() {
      if (!inblock) return
      if (folded) gsub(/\n/, " ", block) # > joins its lines (good enough for a command)
      printf "|%s%c", block, 0
      inblock = 0
    }
    {
      if (inblock) {
        if ($0 ~ /^[[:space:]]*$/) { block = block "\n"; next }
        match($0, /^ */)
        if (RLENGTH > keyindent) {
          if (blockindent < 0) blockindent = RLENGTH
          line = substr($0, blockindent + 1)
          block = (block == "" ? line : block "\n" line)
          next
        }
        flush()
      }
      if (match($0, /^ *(- )?run:[[:space:]]*/)) {
        match($0, /^ */); keyindent = RLENGTH
        if ($0 ~ /^ *- /) keyindent += 2
        value = $0; sub(/^ *(- )?run:[[:space:]]*/, "", value)
        if (value ~ /^[|>][-+0-9]*[[:space:]]*$/) { inblock = 1; block = ""; blockindent = -1; folded = (value ~ /^>/); next }
        printf "=%s%c", value, 0
      }
    }
    END { flush() }' "$1"
}

# Decode one value from workflow_runs: a block as it is; a one-line scalar double-quoted is read
# as JSON, single-quoted has '' for ', plain is as it is.
yaml_scalar() {
  local value="${1#?}"
  [[ "$1" == \|* ]] && { printf '%s\n' "$value"; return; }
  case "$value" in
    \"*) jq -er . <<<"$value" ;;
    \'*) value="${value#\'}"; value="${value%\'}"; printf '%s\n' "${value//\'\'/\'}" ;;
    *) printf '%s\n' "$value" ;;
  esac
}

# shape_step NAME COMMAND... — registry.sh's step, for one shape: the first failure ends the
# shape (or, with SHAPES_KEEP_GOING=1, is remembered and the next step runs).
shape_step() {
  local name="$1"
  shift
  if (step "[$SHAPE] $name" "$@"); then return 0; fi
  SHAPE_FAILED="${SHAPE_FAILED:-$name}"
  echo "$SHAPE_FAILED" >"$SHAPE_OUT/failed"
  [[ -n "${SHAPES_KEEP_GOING:-}" ]] || exit 1
}

shape_check() {
  shape_step "$1" bash -c "$2" _ "${@:3}"
}

# run_shape NAME — the whole lifecycle of test/e2e/shapes/NAME.sh in $WORK/shapes/NAME.
# Runs in a subshell (the caller's): exits non-zero when a step failed.
run_shape() {
  SHAPE="$1"
  SHAPE_FAILED=""
  local repo="$WORK/shapes/$SHAPE/repo" ci="$WORK/shapes/$SHAPE/ci"
  SHAPE_OUT="$WORK/shapes/$SHAPE/out" # the product's output, kept outside the repository
  mkdir -p "$repo" "$SHAPE_OUT"
  # shellcheck disable=SC2034 # registry.sh's step reads them
  STEP_TIMEOUT="${SHAPE_STEP_TIMEOUT:-300}" STEP_LOG="$WORK/shapes/$SHAPE/step.log"
  unset SHAPE_TEST
  unset -f shape_after_init
  # shellcheck source=/dev/null
  source "$SHAPES_DIR/$SHAPE.sh"
  cd "$repo" || exit 1
  export SHAPE_OUT

  # ------------------------------------------------------------ the repository, before ralph-hooks
  export -f shape_files shape_setup
  shape_step "write the repository ($SHAPE_PM), set it up and commit it" bash -c '
    set -e
    git init -q
    shape_files
    shape_setup
    git add -A
    git commit -qm "the repository, before ralph-hooks"
    git status --porcelain'
  shape_check "its own files are formatted already: $SHAPE_FORMAT" '
    set -e
    bash -c "$1"
    git status --porcelain >"$SHAPE_OUT/format-before.txt"
    if [ -s "$SHAPE_OUT/format-before.txt" ]; then cat "$SHAPE_OUT/format-before.txt"; git diff | head -40; exit 1; fi' "$SHAPE_FORMAT"
  if [[ -n "${SHAPE_TEST:-}" ]]; then shape_step "its own tests pass: $SHAPE_TEST" bash -c "$SHAPE_TEST"; fi
  local base
  base="$(git rev-parse HEAD)"
  git status --porcelain >"$SHAPE_OUT/status-before.txt"
  git status --porcelain --ignored >"$SHAPE_OUT/ignored-before.txt"
  lockfiles >"$SHAPE_OUT/lockfiles-before.txt"

  # ------------------------------------------------------------ init and its next steps
  shape_step "init: $SHAPE_INIT" bash -c '
    set -o pipefail
    bash -c "$1" </dev/null 2>&1 | tee "$SHAPE_OUT/init.txt"' _ "$SHAPE_INIT"
  if declare -F shape_after_init >/dev/null; then
    export -f shape_after_init
    shape_step "after init: the shape's own checks" bash -c shape_after_init
  fi
  local install="" tests="" doctor="" generate=""
  install="$(printed_command "$SHAPE_OUT/init.txt" '  - Install what ')" || install=""
  tests="$(printed_command "$SHAPE_OUT/init.txt" '  - Run the hook tests: ')" || tests=""
  doctor="$(printed_command "$SHAPE_OUT/init.txt" '  - Check the setup: ')" || doctor=""
  generate="$(printed_command "$SHAPE_OUT/init.txt" '  - Edit ralph-hooks.config.json')" || generate=""
  shape_check "init printed its next steps (install: ${install:-none}; tests: ${tests:-?}; doctor: ${doctor:-?}; generate: ${generate:-?})" '
    grep -qx "Next steps:" "$SHAPE_OUT/init.txt" || { echo "no \"Next steps:\" line"; exit 1; }
    [ -n "$1" ] || { echo "no \"  - Run the hook tests: <command>\" line"; exit 1; }
    [ -n "$2" ] || { echo "no \"  - Check the setup: <command>\" line"; exit 1; }
    [ -n "$3" ] || { echo "no \"  - Edit ralph-hooks.config.json …, then run: <command>\" line"; exit 1; }' "$tests" "$doctor" "$generate"
  if [[ -n "$install" ]]; then
    shape_step "the install step init printed: $install" bash -c "$install" </dev/null
    local before
    before="$(paste -sd, "$SHAPE_OUT/lockfiles-before.txt")"
    shape_check "the install left the repository's lockfiles as they were (${before:-none})" '
      lockfiles >"$SHAPE_OUT/lockfiles-after.txt"
      diff "$SHAPE_OUT/lockfiles-before.txt" "$SHAPE_OUT/lockfiles-after.txt" >/dev/null && exit 0
      echo "lockfiles before the install:"; sed "s/^/  /" "$SHAPE_OUT/lockfiles-before.txt"
      echo "after it:"; sed "s/^/  /" "$SHAPE_OUT/lockfiles-after.txt"
      exit 1'
  fi
  shape_step "the hook-test command init printed: ${tests:-?}" bash -c "$tests" </dev/null
  if [[ -n "${SHAPE_TEST:-}" ]]; then shape_step "its own tests still pass: $SHAPE_TEST" bash -c "$SHAPE_TEST" </dev/null; fi
  shape_step "commit what init wrote (the repository's own git hooks run)" bash -c '
    set -e
    git add -A
    git commit -qm "ralph-hooks init"
    git status --porcelain'

  # ------------------------------------------------------------ CI: the generated workflow
  shape_check "every run: step of .github/workflows/ralph-hooks.yml, in order, in a fresh clone with CI=true" '
    set -e
    workflow="$PWD/.github/workflows/ralph-hooks.yml"
    test -f "$workflow" || { echo "no $workflow"; exit 1; }
    rm -rf "$1"
    git clone -q "$PWD" "$1"
    cd "$1"
    count=0
    while IFS= read -r -d "" run; do
      run="$(yaml_scalar "$run")"
      count=$((count + 1))
      case "$run" in
        *"\${{"*) echo "run: step $count uses an expression the test cannot evaluate: $run"; exit 1 ;;
        corepack\ *) echo "+ $run   (skipped: the tools folder provides pnpm and yarn, as a setup action would)"; continue ;;
      esac
      echo "+ $run"
      CI=true GITHUB_ACTIONS=true bash -e -c "$run" </dev/null
    done < <(workflow_runs "$workflow")
    [ "$count" -gt 0 ] || { echo "no run: step in $workflow"; exit 1; }' "$ci"
  rm -rf "$ci"

  # ------------------------------------------------------------ back in the repository
  shape_check "doctor, as init printed it, is clean: ${doctor:-?}" '
    set -o pipefail
    bash -c "$1" </dev/null 2>&1 | tee "$SHAPE_OUT/doctor.txt" || exit 1
    grep -qx "All is well." "$SHAPE_OUT/doctor.txt" || { echo "(no \"All is well.\" line)"; exit 1; }' "$doctor"
  shape_step "its formatter over everything: $SHAPE_FORMAT" bash -c "$SHAPE_FORMAT" </dev/null
  shape_check "generate, as init printed it, finds no conflict: ${generate:-?}" '
    set -o pipefail
    git status --porcelain >"$SHAPE_OUT/formatted.txt"
    echo "the formatter changed $(wc -l <"$SHAPE_OUT/formatted.txt") file(s):"; cat "$SHAPE_OUT/formatted.txt"
    CI=true bash -c "$1" </dev/null 2>&1 | tee "$SHAPE_OUT/generate.txt"' "$generate"
  shape_check "uninstall --yes: $SHAPE_RALPH uninstall --yes" '
    set -o pipefail
    bash -c "$1 uninstall --yes" </dev/null 2>&1 | tee "$SHAPE_OUT/uninstall.txt"' "$SHAPE_RALPH"
  local final=""
  final="$(tail -n1 "$SHAPE_OUT/uninstall.txt" 2>/dev/null | grep -E '^Then [^:]*: ' | sed 's/^[^:]*: //')" || final=""
  if [[ -n "$final" ]]; then shape_step "the final step uninstall printed: $final" bash -c "$final" </dev/null; fi
  shape_check "git status --porcelain is what it was before init" '
    git reset -q "$1"
    git status --porcelain >"$SHAPE_OUT/status-after.txt"
    git status --porcelain --ignored >"$SHAPE_OUT/ignored-after.txt"
    if ! diff -u "$SHAPE_OUT/status-before.txt" "$SHAPE_OUT/status-after.txt"; then
      git diff --stat
      git diff -- . ":(exclude)*lock*" ":(exclude)*.lock" | head -40
      exit 1
    fi' "$base"
  # Ignored paths that were not there before init (a cache, node_modules): a note, not a failure.
  local ignored=()
  mapfile -t ignored < <(diff "$SHAPE_OUT/ignored-before.txt" "$SHAPE_OUT/ignored-after.txt" 2>/dev/null | sed -n 's/^> !! //p')
  if ((${#ignored[@]})); then
    echo "NOTE  [$SHAPE] ${#ignored[@]} ignored path(s) that were not there before init: ${ignored[*]:0:5}$( ((${#ignored[@]} > 5)) && echo " …")"
  fi
  [[ -z "$SHAPE_FAILED" ]]
}

# run_one_shape NAME — run_shape in its environment, in a subshell; the result and the wall time
# go to $WORK/shapes/NAME/result.
run_one_shape() {
  local name="$1" began=$SECONDS status=0
  mkdir -p "$WORK/shapes/$name/out"
  echo "---- shape $name"
  (shape_environment && run_shape "$name") || status=$?
  echo "$status $((SECONDS - began))" >"$WORK/shapes/$name/result"
}

# run_shapes — every selected shape, then a table: result and wall time. One after the other, or
# E2E_SHAPES_JOBS=N at once (each one's own steps still in order, its output printed whole when
# it ends, and its wall time taken while sharing the machine).
run_shapes() {
  local shapes=() name status seconds summary="" failed=0 jobs="${E2E_SHAPES_JOBS:-1}"
  selected_shapes >/dev/null || return 1
  mapfile -t shapes < <(selected_shapes)
  ((${#shapes[@]})) || return 0
  [[ -x "$WORK/tools/node_modules/.bin/pnpm" ]] || { echo "install_shape_tools first" >&2; return 1; }
  [[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "E2E_SHAPES_JOBS: a number of shapes to run at once, not $jobs" >&2; return 1; }
  make_shape_home
  mkdir -p "$WORK/shapes"
  # Helpers the bash -c checks call.
  export -f workflow_runs yaml_scalar lockfiles
  local began=$SECONDS pids=() pid running
  for name in "${shapes[@]}"; do
    if ((jobs == 1)); then
      run_one_shape "$name"
      continue
    fi
    # Our own jobs only: the shell's job table holds verdaccio too.
    while :; do
      running=0
      for pid in "${pids[@]}"; do if kill -0 "$pid" 2>/dev/null; then running=$((running + 1)); fi; done
      ((running < jobs)) && break
      sleep 1
    done
    (
      run_one_shape "$name" >"$WORK/shapes/$name.log" 2>&1
      flock "$WORK/shapes/.output-lock" cat "$WORK/shapes/$name.log"
    ) &
    pids+=("$!")
  done
  if ((${#pids[@]})); then wait "${pids[@]}" || true; fi
  for name in "${shapes[@]}"; do
    read -r status seconds <"$WORK/shapes/$name/result" || { status=1 seconds=0; }
    if ((status == 0)); then
      summary+="$(printf '  %-20s PASS  %4d s' "$name" "$seconds")"$'\n'
    else
      failed=1
      summary+="$(printf '  %-20s FAIL  %4d s  at: %s' "$name" "$seconds" "$(cat "$WORK/shapes/$name/out/failed" 2>/dev/null || echo "?")")"$'\n'
    fi
  done
  printf 'shapes (wall time each%s; %d s in all):\n%s' "$( ((jobs > 1)) && echo ", $jobs at once")" $((SECONDS - began)) "$summary"
  return "$failed"
}
