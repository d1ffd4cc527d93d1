function on_move(g, seat, move)
  local stack = nil
  return stack.top
end
