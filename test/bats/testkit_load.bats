#!/usr/bin/env bats
# Loading the bats testkit: by relative path with `load`, and without bats-support.

@test "load by path works without bats-support or bats-assert" {
  load '../../testkit/bats/load'
  set -u
  create_workspace
  run_hook "$BATS_TEST_DIRNAME/../fixtures/hooks/block.sh"
  assert_json_block
  assert_json_system_message_contains 'Loop iteration 1'
  ! declare -F batslib_decorate >/dev/null
  remove_workspace
}

@test "a failing assertion fails the test without bats-support" {
  load '../../testkit/bats/load'
  create_workspace
  run_hook "$BATS_TEST_DIRNAME/../fixtures/hooks/silent.sh"
  run assert_json_block
  [ "$status" -eq 1 ]
  [ "${lines[0]}" = '-- hook output is not a JSON block --' ]
  remove_workspace
}
