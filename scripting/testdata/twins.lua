local TAKE = {A = "take A", B = "take B"}

-- the hand A, B, A, B (copies apart) offers every card's move, sorted (A, A, B, B) each once
function setup(g)
  for _, id in ipairs({"A", "B", "A", "B"}) do g:move(id, "deck", nil, "hand", 0) end
  local apart = g:ask_cards(0, "hand", 0, TAKE)
  g:sort("hand", 0)
  g:event("asked", {apart = apart, sorted = g:ask_cards(0, "hand", 0, TAKE)})
end

function on_move(g, seat, move)
  g:finish({seat})
end
