-- the second trick's winner loses the top card of their won stack
function trick_done(g, winner, trick)
  base.trick_done(g, winner, trick)
  local n = (g:get("tricks_seen") or 0) + 1
  g:set("tricks_seen", n)
  if n == 2 then g:lose_card("won", winner) end
end
