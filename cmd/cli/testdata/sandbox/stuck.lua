function trick_winner(g, trick)
  if g:random(60) == 1 then while true do end end
  return base.trick_winner(g, trick)
end
