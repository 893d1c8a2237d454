# create_corrupt_state_file [spec_dir]
#
# Write the seed's corrupt state, `{ invalid json here`, and print the file's path.
# Globals: TEST_WORKSPACE, RH_* layout variables (read)
create_corrupt_state_file() {
  local spec_dir="${1:-$(_rh_spec_dir)}"
  mkdir -p "$spec_dir"
  printf '{ invalid json here' >"$spec_dir/${RH_STATE_FILE_NAME:-.ralph-state.json}"
  set_file_age "$spec_dir/${RH_STATE_FILE_NAME:-.ralph-state.json}" "${RH_STATE_FILE_AGE:-60}"
  printf '%s\n' "$spec_dir/${RH_STATE_FILE_NAME:-.ralph-state.json}"
}
