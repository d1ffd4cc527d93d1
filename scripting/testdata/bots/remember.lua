-- A test bot for testdata/remember-helpers.yaml: g:remember answers as the helper would, every time.
function choose(obs, legal)
  local double, sum, fresh, draw, bump = g:remember("double"), g:remember("sum"), g:remember("fresh"), g:remember("draw"), g:remember("bump")
  for _ = 1, 2 do -- the second time from memory
    assert(double(g, 3) == 6 + g:players(), "double")
    assert(double(g, 3.5) == 7 + g:players(), "another number, another answer")
    local s, what = sum(g, {1, 2, 3})
    assert(s == 6 and what == "sum", "every answer")
    assert(sum(g, {1, 2, 4}) == 7 and sum(g, {1, 2, 3}, 10) == 16, "the lists and every argument")
    assert(sum(g, {1, 2, 3}) == RULES.sum(g, {1, 2, 3}), "as the helper")
    local t = fresh(g)
    assert(t[1] == 1, "a table answer")
    t[1] = 99
    local list = {1}
    assert(bump(g, list) == 2 and list[1] == 2, "an argument the helper changes is changed every time")
  end
  local ok, err = pcall(draw, g)
  assert(not ok and tostring(err):find("random"), "a helper that draws is refused: " .. tostring(err))
  ok, err = pcall(g.remember, g, "nothing")
  assert(not ok and tostring(err):find("no function nothing"), "an unknown helper: " .. tostring(err))
  return legal[1]
end
