-- Helpers for g:remember: pure ones, and ones whose answers must not be remembered.
-- the game: one decision, then the end
function setup(g) g:ask(0, {"stop"}) end
function on_move(g, seat) g:finish({seat}) end

-- pure: the answer depends on the arguments and the player count
function double(g, x) return 2 * x + g:players() end
function sum(g, list, extra)
  local s = extra or 0
  for i = 1, #list do s = s + list[i] end
  return s, "sum"
end
-- answers a table: a bot may change it, so each call makes its own
function fresh(g) return {1} end
-- draws a random number: not pure
function draw(g) return math.random(1000) end
-- changes its argument: remembering it would skip the change
function bump(g, list)
  list[1] = list[1] + 1
  return list[1]
end
