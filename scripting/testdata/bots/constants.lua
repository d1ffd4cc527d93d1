-- A test bot with tables of each kind its copies share or make anew: VALUE is built at load and
-- only indexed (shared); SEEN is written in a function, ALIAS handed to a local, NESTED holds a
-- table, and the closure made at load keeps a function's own table (each copied).
local VALUE, SEEN, ALIAS, NESTED = {}, {}, {}, {inner = {1}}
for i = 1, 8 do VALUE[i], ALIAS[i] = i * 10, i end
local function make()
  local own = {0}
  return function() return own[1] end
end
local peek = make()

function choose(obs, legal)
  local alias = ALIAS
  SEEN[#SEEN + 1] = VALUE[#legal] or alias[1]
  return legal[#NESTED.inner + peek()]
end
