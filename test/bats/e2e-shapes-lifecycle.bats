#!/usr/bin/env bats
# The parsing the repository-shape lifecycle (test/e2e/shapes/lifecycle.sh) does on the
# product's output: the commands init and uninstall print, the generated workflow's run: steps,
# and which shapes run. The lifecycle itself runs in test/e2e/registry.sh.

REPO_ROOT="$(cd "$BATS_TEST_DIRNAME/../.." && pwd)"

setup() {
  # shellcheck source=/dev/null
  source "$REPO_ROOT/test/e2e/shapes/lifecycle.sh"
}

# runs FILE — each run: value of the workflow, decoded, one per line, with ␤ for a newline inside.
runs() {
  local value
  while IFS= read -r -d '' value; do
    value="$(yaml_scalar "$value")"
    printf '%s\n' "${value//$'\n'/␤}"
  done < <(workflow_runs "$1")
}

@test "printed_command: the text after the first ': ' on the line that starts with the prefix" {
  cat >"$BATS_TEST_TMPDIR/init.txt" <<'EOF'
Done: 29 created.
  create  test/hooks/stop-watcher.test.ts

Next steps:
  - Install what the hooks and their tests need: pnpm install
  - Run the hook tests: pnpm run test:hooks
  - Edit ralph-hooks.config.json (your editor completes it from the JSON Schema), then run: pnpm exec ralph-hooks generate
  - Check the setup: pnpm exec ralph-hooks doctor --format human
EOF
  [ "$(printed_command "$BATS_TEST_TMPDIR/init.txt" '  - Install what ')" = "pnpm install" ]
  [ "$(printed_command "$BATS_TEST_TMPDIR/init.txt" '  - Run the hook tests: ')" = "pnpm run test:hooks" ]
  [ "$(printed_command "$BATS_TEST_TMPDIR/init.txt" '  - Edit ralph-hooks.config.json')" = "pnpm exec ralph-hooks generate" ]
  [ "$(printed_command "$BATS_TEST_TMPDIR/init.txt" '  - Check the setup: ')" = "pnpm exec ralph-hooks doctor --format human" ]
}

@test "printed_command: no such line is status 1 and nothing printed" {
  printf 'Next steps:\n  - Run the hook tests: npm run test:hooks\n' >"$BATS_TEST_TMPDIR/init.txt"
  run printed_command "$BATS_TEST_TMPDIR/init.txt" '  - Install what '
  [ "$status" -eq 1 ]
  [ -z "$output" ]
  # A line that only contains the prefix further on does not count.
  printf 'x  - Install what: npm install\n' >"$BATS_TEST_TMPDIR/init.txt"
  run printed_command "$BATS_TEST_TMPDIR/init.txt" '  - Install what '
  [ "$status" -eq 1 ]
}

@test "workflow_runs: plain, double- and single-quoted scalars and block scalars, in order; uses: steps are not runs" {
  cat >"$BATS_TEST_TMPDIR/wf.yml" <<'EOF'
jobs:
  hooks:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: pnpm/action-setup@v4
      - name: Install dependencies
        run: if [ -f package-lock.json ]; then npm ci; else npm install; fi
      - run: "npx vitest run test/hooks --reporter \"dot\""
      - run: 'echo ''single'''
      - name: A block
        run: |
          echo one
          if true; then
            echo "two: indented"
          fi

      - name: Folded
        run: >-
          echo three
          four
      - name: Last
        run: pnpm exec ralph-hooks test --reporter junit=reports/hook-cases.xml
        if: always()
EOF
  run runs "$BATS_TEST_TMPDIR/wf.yml"
  [ "$status" -eq 0 ]
  [ "${lines[0]}" = 'if [ -f package-lock.json ]; then npm ci; else npm install; fi' ]
  [ "${lines[1]}" = 'npx vitest run test/hooks --reporter "dot"' ]
  [ "${lines[2]}" = "echo 'single'" ]
  [ "${lines[3]}" = 'echo one␤if true; then␤  echo "two: indented"␤fi' ]
  [ "${lines[4]}" = 'echo three four' ]
  [ "${lines[5]}" = 'pnpm exec ralph-hooks test --reporter junit=reports/hook-cases.xml' ]
  [ "${#lines[@]}" -eq 6 ]
}

@test "workflow_runs: a block runs as bash runs it" {
  # shellcheck disable=SC2016 # $x is for the bash that runs the block
  printf '    steps:\n      - run: |\n          x=1\n          echo "x=$x"\n' >"$BATS_TEST_TMPDIR/wf.yml"
  local value
  IFS= read -r -d '' value < <(workflow_runs "$BATS_TEST_TMPDIR/wf.yml")
  [ "$(bash -e -c "$(yaml_scalar "$value")")" = "x=1" ]
}

@test "workflow_runs reads every run: step of the workflow the product generates" {
  local dir="$BATS_TEST_TMPDIR/project"
  mkdir -p "$dir"
  printf '{"hooks":[{"kind":"stop-watcher","preset":"specum"}],"extras":{"vitest":true,"bats":true,"cases":true,"workflow":true,"packageJson":true}}\n' >"$dir/ralph-hooks.config.json"
  node "$REPO_ROOT/bin/ralph-hooks.js" generate --dir "$dir" --quiet </dev/null
  run runs "$dir/.github/workflows/ralph-hooks.yml"
  [ "$status" -eq 0 ]
  [ "${#lines[@]}" -eq "$(grep -cE '^ *(- )?run:' "$dir/.github/workflows/ralph-hooks.yml")" ]
  local line
  for line in "${lines[@]}"; do
    [ -n "$line" ]
    [[ "$line" != [\"\']* ]]
  done
  [[ " ${lines[*]} " == *"ralph-hooks doctor"* ]]
}

@test "selected_shapes: every shape file but the lifecycle, or those E2E_SHAPES names; none; an unknown name fails" {
  run selected_shapes
  [ "$status" -eq 0 ]
  [[ " ${lines[*]} " == *" pnpm-workspace "* ]]
  [[ " ${lines[*]} " != *" lifecycle "* ]]
  [ "${#lines[@]}" -eq "$(find "$REPO_ROOT/test/e2e/shapes" -name '*.sh' ! -name lifecycle.sh | wc -l)" ]
  E2E_SHAPES="bun, python" run selected_shapes
  [ "$status" -eq 0 ]
  [ "$output" = $'bun\npython' ]
  E2E_SHAPES=none run selected_shapes
  [ "$status" -eq 0 ]
  [ -z "$output" ]
  E2E_SHAPES="bun nosuch" run selected_shapes
  [ "$status" -eq 1 ]
  [[ "$output" == *"no such shape: nosuch"* ]]
  E2E_SHAPES=lifecycle run selected_shapes
  [ "$status" -eq 1 ]
}

@test "every shape file sets what the lifecycle reads" {
  local shape
  for shape in $(selected_shapes); do
    (
      unset SHAPE_PM SHAPE_INIT SHAPE_FORMAT SHAPE_RALPH
      # shellcheck source=/dev/null
      source "$REPO_ROOT/test/e2e/shapes/$shape.sh"
      [ -n "${SHAPE_PM:-}" ] && [ -n "${SHAPE_INIT:-}" ] && [ -n "${SHAPE_FORMAT:-}" ] && [ -n "${SHAPE_RALPH:-}" ] || { echo "$shape: a SHAPE_ variable is missing"; exit 1; }
      declare -F shape_files >/dev/null && declare -F shape_setup >/dev/null || { echo "$shape: shape_files or shape_setup is missing"; exit 1; }
    )
  done
}

@test "lockfiles: each package manager's lockfile, and which yarn wrote a yarn.lock" {
  cd "$BATS_TEST_TMPDIR"
  [ -z "$(lockfiles)" ]
  printf '__metadata:\n  version: 8\n' >yarn.lock
  touch bun.lock
  [ "$(lockfiles)" = $'yarn.lock (berry)\nbun.lock' ]
  printf '# yarn lockfile v1\n' >yarn.lock
  touch package-lock.json
  [ "$(lockfiles)" = $'package-lock.json\nyarn.lock (v1)\nbun.lock' ]
}
