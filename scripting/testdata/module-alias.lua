-- keeps state in a module-level table through a local alias, which the static check cannot see: the
-- table is frozen after loading, so the write is stopped with a clear message
local memory = {games = 0}
local function remember() return memory end
function setup(g)
  local m = remember()
  m.games = m.games + 1
  base.setup(g)
end
