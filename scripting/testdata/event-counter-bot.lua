-- A test bot whose choice shows its memory: it counts every event it was handed in this line of play
-- and picks the legal move at that count (mod the number of moves).
local seen = 0
function choose(obs, legal)
  seen = seen + #obs.events
  return legal[seen % #legal + 1]
end
