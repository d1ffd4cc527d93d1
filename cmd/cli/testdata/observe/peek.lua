function setup(g)
  for seat = 0, 1 do g:move_top("deck", nil, "hand", seat, 2) end
  g:ask(0, {"pass", "show"})
end

function on_move(g, seat, move)
  if move == "show" then g:move_top("hand", 0, "table", nil) end
  g:finish({0})
end
