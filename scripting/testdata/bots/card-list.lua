-- A test bot that checks g:card_list on testdata/tiny.yaml (tokens T1..T4).
function choose(obs, legal)
  local ids, kinds, none = g:card_list(), g:card_list("kind"), g:card_list("nothing")
  assert(#ids == 4 and ids[1] == "T1" and ids[4] == "T4", "ids in catalogue order")
  assert(#kinds == 4 and kinds[2] == "token", "kinds")
  assert(#none == 4 and none[3] == false, "false for a missing attribute")
  ids[1] = "changed"
  assert(g:card_list()[1] == "T1", "a fresh list per call")
  kinds[2] = "changed"
  assert(g:card_list("kind")[2] == "token", "a fresh list per call, for an attribute too")
  return legal[1]
end
