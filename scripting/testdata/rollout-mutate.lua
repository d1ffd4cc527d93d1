-- changes the game: a rollout hook may only read it
function rollout(g, seat, legal)
  g:move_top("deck", nil, "hand", seat)
  return legal[1]
end
