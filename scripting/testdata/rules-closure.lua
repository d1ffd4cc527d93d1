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

-- a counter of its own each call: the closure's n is no module-level state
function make_counter()
  local n = 0
  return function()
    n = n + 1
    return n
  end
end
