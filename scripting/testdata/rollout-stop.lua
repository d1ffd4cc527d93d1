-- plays the last legal move: always stop
function rollout(g, seat, legal) return legal[#legal] end
