-- answers no move at all
function rollout(g, seat, legal) return 7 end
