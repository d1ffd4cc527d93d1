-- answers a move nobody may make
function rollout(g, seat, legal) return "fly" end
