-- house.lua: a move also logs
function on_move(g, seat, move) base.on_move(g, seat, move) end