-- A test bot with tables of each kind its copies share or make anew: VALUE is built at load and
-- only indexed, ALIAS too through a local declared as it, BUILT by a function only the load runs
-- (each shared); SEEN is written in a function, HANDED passed to one, NESTED holds a table, and the
-- closure made at load keeps a function's own table (each copied).
local VALUE, SEEN, ALIAS, NESTED, BUILT, HANDED = {}, {}, {}, {inner = {1}}, {}, {1}
for i = 1, 8 do VALUE[i], ALIAS[i] = i * 10, i end
local function build()
  for i = 1, 4 do BUILT[i] = i end
end
build()
local function make()
  local own = {0}
  return function() return own[1] end
end
local peek = make()

function choose(obs, legal)
  local alias = ALIAS
  SEEN[#SEEN + 1] = VALUE[#legal] or alias[1] + BUILT[1] + #table.concat(HANDED)
  return legal[#NESTED.inner + peek()]
end
