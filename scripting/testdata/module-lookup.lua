-- module-level tables: SCORE (plain values, only indexed by the hooks) needs no proxy; LIST escapes
-- (a helper returns it) and NESTED holds a table: both are frozen behind proxies
local SCORE = {a = 1, b = 2}
local LIST = {1, 2, 3}
local NESTED = {inner = {1}}
local function list() return LIST end
function setup(g)
  g:event("lookup", {n = SCORE.a + #SCORE + list()[1] + NESTED.inner[1]})
  base.setup(g)
end
