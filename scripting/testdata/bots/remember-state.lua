-- A test bot for testdata/remember-state.yaml: rules that keep state are asked every time.
function choose(obs, legal)
  local count = g:remember("count")
  local first = count(g)
  assert(count(g) == first + 1, "asked again")
  return legal[1]
end
