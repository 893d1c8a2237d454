# Shared setup for the testkit's own bats tests: load the library the way a user would
# (bats_load_library through BATS_LIB_PATH), next to bats-support and bats-assert, under set -u.

REPO_ROOT="$(cd "$BATS_TEST_DIRNAME/../.." && pwd)"
FIXTURES="$REPO_ROOT/test/fixtures/hooks"
# The real generated specum stop-watcher of the fixture project (test/fixtures/project).
SPECUM_HOOK="$REPO_ROOT/test/fixtures/project/.claude/hooks/stop-watcher.sh"

# Make `ralph-hooks` resolvable on BATS_LIB_PATH as it is from a user's node_modules.
rh_lib_path() {
  local lib="$BATS_FILE_TMPDIR/lib"
  if [[ ! -e "$lib/ralph-hooks" ]]; then
    mkdir -p "$lib"
    ln -s "$REPO_ROOT" "$lib/ralph-hooks"
  fi
  printf '%s' "$lib"
}

rh_common_setup() {
  BATS_LIB_PATH="$(rh_lib_path):${BATS_LIB_PATH:-$REPO_ROOT/node_modules}"
  bats_load_library bats-support
  bats_load_library bats-assert
  bats_load_library ralph-hooks/testkit/bats
  set -u
  create_workspace
}
