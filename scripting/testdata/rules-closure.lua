function setup(g)
  g:set("turn", 0)
  g:ask(0, {"draw", "stop"})
end

function on_move(g, seat, move)
  if move == "draw" then g:move_top("deck", nil, "hand", seat) end
  if move == "stop" or g:count("deck") == 0 then
    g:finish({seat})
    return
  end
  local next = (seat + 1) % g:players()
  g:ask(next, {"draw", "stop"})
end

-- a counter of its own each call: the closure's n is no module-level state
function make_counter()
  local n = 0
  return function()
    n = n + 1
    return n
  end
end
