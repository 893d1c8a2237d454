#!/usr/bin/env bash
# End-to-end through a real registry: start verdaccio 5.33 (the last line that runs on Node 20)
# on 127.0.0.1 with temporary storage, publish ralph-hooks and create-ralph-hooks to it, and in
# empty git repositories run what docs/getting-started.md and docs/ci.md tell a user to run.
# Everything else (vitest, bats, zod, …) is proxied from `npm config get registry`.
#
#   test/e2e/registry.sh                 (.ci/run calls it after `npm test`)
#   test/e2e/registry.sh --shapes-only   only the repository shapes (test/e2e/shapes/)
#   E2E_SHAPES="pnpm-workspace bun" …    only these shapes (none: no shape); SHAPES_KEEP_GOING=1
#                                        runs a shape's later steps after one failed;
#                                        E2E_SHAPES_JOBS=2 runs two shapes at once
#
# Right after publishing, each repository shape (test/e2e/shapes/*.sh: a pnpm workspace, a yarn
# berry workspace, a bun project, a Python project, an npm repository with prettier, lint-staged
# and husky) goes through init → install → tests → its CI workflow → doctor → its formatter →
# generate → uninstall with its own package manager (test/e2e/shapes/lifecycle.sh), and the
# wall time of each is printed; then the npm steps below.
#
# Prints PASS/FAIL per step; exits 1 at the first failure with the step's output (a shape's
# failure ends that shape; the others and the npm steps still run, and the exit is 1). The server
# is stopped and the temporary folder removed on any exit.
# The checks are bash -c '…' scripts that expand their own variables.
# shellcheck disable=SC2016
set -euo pipefail

SHAPES_ONLY=""
for arg in "$@"; do
  case "$arg" in
    --shapes-only) SHAPES_ONLY=1 ;;
    *) echo "usage: test/e2e/registry.sh [--shapes-only]" >&2; exit 2 ;;
  esac
done

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=test/e2e/shapes/lifecycle.sh
source "$REPO/test/e2e/shapes/lifecycle.sh"
selected_shapes >/dev/null || exit 2
WORK="$(mktemp -d "${TMPDIR:-/tmp}/rh-registry-e2e.XXXXXX")"
SERVER_PID=""
STARTED=$SECONDS

cleanup() {
  local status=$?
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$SERVER_PID" 2>/dev/null || true
  fi
  if [[ -n "${KEEP_E2E_WORK:-}" ]]; then echo "work folder kept: $WORK"; else rm -rf "$WORK"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# step NAME COMMAND... — run with a time limit, output to a log; PASS/FAIL with the time taken.
step() {
  local name="$1" log="${STEP_LOG:-$WORK/step.log}" began=$SECONDS status=0
  shift
  timeout -k 5 "${STEP_TIMEOUT:-600}" "$@" >"$log" 2>&1 || status=$?
  if ((status == 0)); then
    echo "PASS  $name ($((SECONDS - began)) s)"
  else
    echo "FAIL  $name (exit $status after $((SECONDS - began)) s)"
    sed 's/^/      /' "$log" | tail -80
    exit 1
  fi
}

# check NAME BASH-CONDITION — a step that only checks something.
check() {
  step "$1" bash -c "$2"
}

export NO_COLOR=1 npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
unset npm_config_yes
UPSTREAM="$(npm config get registry)"
PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
REGISTRY="http://127.0.0.1:$PORT/"
NPMRC="$WORK/npmrc"
echo "registry e2e: verdaccio on $REGISTRY, uplink $UPSTREAM, work $WORK"

# ---------------------------------------------------------------- the registry
mkdir -p "$WORK/verdaccio" "$WORK/storage"
cat >"$WORK/verdaccio/package.json" <<'EOF'
{ "private": true, "dependencies": { "verdaccio": "5.33.0" }, "overrides": { "node-fetch": "2.7.0" } }
EOF
cat >"$WORK/verdaccio/config.yaml" <<EOF
storage: $WORK/storage
auth:
  htpasswd:
    file: $WORK/htpasswd
uplinks:
  upstream:
    url: $UPSTREAM
    timeout: 60s
packages:
  'ralph-hooks':
    access: \$all
    publish: \$anonymous
  'create-ralph-hooks':
    access: \$all
    publish: \$anonymous
  '**':
    access: \$all
    publish: \$anonymous
    proxy: upstream
log: { type: stdout, format: pretty, level: warn }
EOF
step "install verdaccio 5.33.0" npm install --prefix "$WORK/verdaccio" --no-package-lock
# The shapes' package managers come from the upstream registry too, through the same npm cache.
if [[ -n "$(selected_shapes)" ]]; then install_shape_tools; fi

node "$WORK/verdaccio/node_modules/verdaccio/bin/verdaccio" --config "$WORK/verdaccio/config.yaml" --listen "127.0.0.1:$PORT" \
  >"$WORK/verdaccio.log" 2>&1 &
SERVER_PID=$!
export REGISTRY SERVER_PID WORK
step "verdaccio answers /-/ping (60 s at most)" bash -c '
  for _ in $(seq 120); do
    curl -fsS "${REGISTRY}-/ping" >/dev/null 2>&1 && exit 0
    kill -0 "$SERVER_PID" 2>/dev/null || break
    sleep 0.5
  done
  cat "$WORK/verdaccio.log"
  exit 1'

printf '//127.0.0.1:%s/:_authToken=e2e-anonymous\n' "$PORT" >"$NPMRC"

# ---------------------------------------------------------------- publish
step "npm run build" npm run build --prefix "$REPO"
# --ignore-scripts: the build just ran (prepack would run it again).
step "publish ralph-hooks" bash -c "cd '$REPO' && npm publish --ignore-scripts --registry '$REGISTRY' --userconfig '$NPMRC'"
step "publish create-ralph-hooks" bash -c "cd '$REPO/create' && npm publish --ignore-scripts --registry '$REGISTRY' --userconfig '$NPMRC'"

# From here on every npm/npx command talks to the local registry, with an empty cache (npx
# must not reuse a create-ralph-hooks from an earlier run).
export npm_config_registry="$REGISTRY" npm_config_userconfig="$NPMRC" npm_config_cache="$WORK/npm-cache"

# ---------------------------------------------------------------- repository shapes
SHAPES_STATUS=0
run_shapes || SHAPES_STATUS=1
if [[ -n "$SHAPES_ONLY" ]]; then
  echo "$( ((SHAPES_STATUS)) && echo FAIL || echo PASS)  registry e2e (shapes only) in $((SECONDS - STARTED)) s"
  exit "$SHAPES_STATUS"
fi

new_repo() {
  mkdir -p "$WORK/$1"
  git -C "$WORK/$1" init -q
}

# ---------------------------------------------------------------- npm init in an empty repository
APP="$WORK/app"
new_repo app
cd "$APP"
step "npm init ralph-hooks --registry … --userconfig … --yes -- --yes" \
  npm init ralph-hooks --registry "$REGISTRY" --userconfig "$NPMRC" --yes -- --yes
check "init wrote the config, hook, tests, cases, workflow and a minimal package.json" '
  set -e
  jq -e ".extras == {vitest:true,bats:true,cases:true,workflow:true,scenarios:false,packageJson:true}" ralph-hooks.config.json
  test -x .claude/hooks/stop-watcher.sh
  test -f test/hooks/stop-watcher.vitest.ts && test -f test/hooks/stop-watcher.bats
  ls test/hook-cases/stop-watcher/*.case.json >/dev/null
  test -f .github/workflows/ralph-hooks.yml
  jq -e ".scripts[\"test:hooks\"] and .scripts.test == \"npm run test:hooks\" and .devDependencies[\"ralph-hooks\"]" package.json'
step "npm install" npm install
step "npm test (vitest + bats + ralph-hooks test in the generated repository)" npm test
step "npm run test:hooks" npm run test:hooks

# ---------------------------------------------------------------- docs/ci.md
step "npx vitest run --config test/hooks/vitest.config.cjs" npx vitest run --config test/hooks/vitest.config.cjs
step "npx ralph-hooks bats test/hooks" npx ralph-hooks bats test/hooks
step "npx ralph-hooks test --reporter human --reporter junit=reports/hook-cases.xml" \
  npx ralph-hooks test --reporter human --reporter junit=reports/hook-cases.xml
check "the JUnit report is well-formed XML with one testcase per case" '
  xmllint --noout reports/hook-cases.xml
  [ "$(grep -c "<testcase " reports/hook-cases.xml)" -eq "$(ls test/hook-cases/stop-watcher/*.case.json | wc -l)" ]'
step "npx ralph-hooks test --shard 1/2 and --shard 2/2" bash -c 'npx ralph-hooks test --shard 1/2 && npx ralph-hooks test --shard 2/2'
step "the workflow's generated-files check: npx ralph-hooks generate --on-conflict=fail" npx ralph-hooks generate --on-conflict=fail

# ---------------------------------------------------------------- docs/getting-started.md
step "config change (maxGlobalIterations 40, word match) + npx ralph-hooks generate" bash -c '
  set -e
  jq ".hooks[0].options = {maxGlobalIterations: 40, completionMatch: \"word\"}" ralph-hooks.config.json >config.tmp
  mv config.tmp ralph-hooks.config.json
  npx ralph-hooks generate --dry-run | grep -F "+readonly DEFAULT_MAX_GLOBAL_ITERATIONS=40"
  npx ralph-hooks generate
  grep -qx "readonly DEFAULT_MAX_GLOBAL_ITERATIONS=40" .claude/hooks/stop-watcher.sh'
step "npx ralph-hooks add guard --preset guard, with no warning" bash -c 'npx ralph-hooks add guard --preset guard 2>add.err && ! grep -q warning add.err'
step "npm test after the changes (the new hook's tests included)" bash -c 'npm test && test -f test/hooks/guard.vitest.ts'
step "npx ralph-hooks doctor is green" npx ralph-hooks doctor
step "real-client scenarios: extras.scenarios, npm i -D @anthropic-ai/claude-code, npx ralph-hooks generate, npx ralph-hooks test test/hook-scenarios" bash -c '
  set -e
  jq ".extras.scenarios = true" ralph-hooks.config.json >config.tmp
  mv config.tmp ralph-hooks.config.json
  npm i -D @anthropic-ai/claude-code
  npx ralph-hooks generate
  ls test/hook-scenarios/stop-watcher/*.scenario.json test/hook-scenarios/guard/*.scenario.json >/dev/null
  npx ralph-hooks test test/hook-scenarios'
step "a hand edit + generate in CI mode exits 2 and keeps the edit" bash -c '
  echo "# my edit" >>.claude/hooks/stop-watcher.sh
  status=0
  CI=true npx ralph-hooks generate </dev/null || status=$?
  [ "$status" -eq 2 ] || { echo "expected exit 2, got $status"; exit 1; }
  tail -1 .claude/hooks/stop-watcher.sh | grep -qx "# my edit"'

# ---------------------------------------------------------------- the other init forms in the docs
new_repo plugin
cd "$WORK/plugin"
step "npm init ralph-hooks -- --target claude-plugin --stop-watcher specum" \
  bash -c 'npm init ralph-hooks -- --target claude-plugin --stop-watcher specum </dev/null && test -x hooks/scripts/stop-watcher.sh'
new_repo plain
cd "$WORK/plain"
step "npm init ralph-hooks (no terminal: the defaults)" bash -c 'npm init ralph-hooks </dev/null && test -f ralph-hooks.config.json'
new_repo npm-yes
cd "$WORK/npm-yes"
step "npm init ralph-hooks -- --yes" bash -c 'npm init ralph-hooks -- --yes && test -f test/hooks/stop-watcher.vitest.ts'

# ---------------------------------------------------------------- package.json left to the user
# --no-package-json: no package.json at all; the workflow's own steps, run in order, install
# what the tests need (without saving it) and pass on the first run.
new_repo no-package-json
cd "$WORK/no-package-json"
step "npm init ralph-hooks -- --yes --no-package-json" bash -c 'npm init ralph-hooks -- --yes --no-package-json && test ! -e package.json'
step "every step of the generated workflow, in order (installs included)" bash -c '
  set -e
  git add -A && git -c user.name=e2e -c user.email=e2e@example.invalid commit -qm init
  printf "node_modules\nreports\n" >> .git/info/exclude
  while IFS= read -r run; do
    case "$run" in \"*) run="$(jq -r . <<<"$run")" ;; esac # a JSON-quoted YAML scalar
    echo "+ $run"
    bash -c "$run" </dev/null
  done < <(sed -n "s/^        run: //p" .github/workflows/ralph-hooks.yml)
  test ! -e package.json'

if ((SHAPES_STATUS)); then
  echo "FAIL  registry e2e: the npm steps passed, a repository shape failed (above); $((SECONDS - STARTED)) s"
  exit 1
fi
echo "PASS  registry e2e: all steps in $((SECONDS - STARTED)) s"
