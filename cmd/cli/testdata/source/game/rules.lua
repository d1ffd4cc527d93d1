-- the fixture's rules
function setup(g) end

-- moves are plain words
function on_move(g, seat, move) end
