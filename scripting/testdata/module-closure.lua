-- Closures made while the script loads, over a function's locals: two share a table (one reads it, the
-- other writes it), one counts in a number. No module-level name is written, yet each would count
-- the games an engine played if the script were loaded once: the static check must see them.
local function make()
  local seen = {0}
  return function() return seen[1] end, function() seen[1] = seen[1] + 1 end
end
local read, mark = make()

local function counter()
  local n = 0
  return function() n = n + 1; return n end
end
local count = counter()

function setup(g)
  mark()
  g:event("games_seen", {seen = read(), counted = count()})
  base.setup(g)
end
