# remove_workspace
#
# Delete TEST_WORKSPACE (the seed's teardown). Safe to call when none was created.
# Globals: TEST_WORKSPACE (read)
remove_workspace() {
  if [[ -n "${TEST_WORKSPACE:-}" && -d "$TEST_WORKSPACE" ]]; then
    rm -rf "$TEST_WORKSPACE"
  fi
}
