function setup(g)
  local t = g:memo("t")
  local fresh = t == nil
  local mine = {a = {1, 2}, b = "x"}
  if fresh then t = g:memo("t", mine) end
  local _, write = pcall(function() t.a[1] = 5 end)
  -- the hook's own table is frozen too: changing it after g:memo would change every later game's memo
  local _, own = pcall(function() mine.b = "y" end)
  local _, cycle = pcall(function()
    local c = {}
    c.me = c
    g:memo("c", c)
  end)
  g:event("memo", {fresh = fresh, a1 = t.a[1], b = t.b, write = tostring(write), own = tostring(own), n = #t.a, cycle = tostring(cycle)})
  base.setup(g)
end
