# ralph-hooks testkit for bats: build workspaces and hook inputs, run a hook with stdout and
# stderr kept apart, and assert on its JSON output. The bash twin of `ralph-hooks/testkit`
# and a superset of smart-ralph's tests/helpers/setup.bash.
#
# Load it with either
#   load '../node_modules/ralph-hooks/testkit/bats/load'          # path relative to the test file
#   bats_load_library ralph-hooks/testkit/bats                     # with BATS_LIB_PATH=$PWD/node_modules
#
# It does not need bats-support or bats-assert and works beside them. Assertions return 1 on
# failure and print a bats-assert style message (`-- title --`, `expected :`, `actual   :`,
# the hook's full output, `--`) on stderr. Everything works under `set -u`.

# shellcheck disable=SC1091
_rh_testkit_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
for _rh_file in "$_rh_testkit_dir"/src/*.bash; do
  source "$_rh_file"
done
unset _rh_file
