local FIRST = {"draw", "stop"}

function setup(g)
  g:set("turn", 0)
  g:ask(0, FIRST)
end

function on_move(g, seat, move)
  if move == "draw" then g:move_top("deck", nil, "hand", seat) end
  if move == "stop" or g:count("deck") == 0 then
    g:finish({seat})
    return
  end
  local moves = g:memo("moves") or g:memo("moves", {"draw", "stop"})
  g:ask((seat + 1) % g:players(), moves)
end
