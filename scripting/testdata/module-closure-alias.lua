-- keeps state in a table a closure made at load holds, written through an alias the static check
-- cannot see: the table is frozen after loading, so the write is stopped with a clear message
local function make()
  local seen = {0}
  return function()
    local s = seen
    s[1] = s[1] + 1
    return s[1]
  end
end
local count = make()

function setup(g)
  g:event("games_seen", {n = count()})
  base.setup(g)
end
