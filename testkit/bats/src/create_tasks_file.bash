# create_tasks_file [count=3] [spec_dir]
#
# Write tasks.md with frontmatter and `count` unchecked `- [ ] 1.i Task number i` lines;
# print its path.
# Globals: TEST_WORKSPACE, RH_* layout variables (read)
create_tasks_file() {
  local count="${1:-3}" spec_dir="${2:-$(_rh_spec_dir)}" i
  mkdir -p "$spec_dir"
  {
    printf -- '---\nspec: %s\nphase: tasks\ntotal_tasks: %s\n---\n\n# Tasks\n\n' "$(basename "$spec_dir")" "$count"
    for ((i = 1; i <= count; i++)); do printf -- '- [ ] 1.%d Task number %d\n' "$i" "$i"; done
  } >"$spec_dir/tasks.md"
  printf '%s\n' "$spec_dir/tasks.md"
}
