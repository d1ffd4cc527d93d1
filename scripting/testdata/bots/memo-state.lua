-- A test bot for testdata/memo-state.yaml: rules that keep state are asked every time.
function choose(obs, legal)
  local count = g:memo("count")
  local first = count(g)
  assert(count(g) == first + 1, "asked again")
  return legal[1]
end
