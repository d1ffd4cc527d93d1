function setup(g)
  local t = g:memo("t")
  local fresh = t == nil
  if fresh then t = g:memo("t", {a = {1, 2}, b = "x"}) end
  local _, write = pcall(function() t.a[1] = 5 end)
  local _, cycle = pcall(function()
    local c = {}
    c.me = c
    g:memo("c", c)
  end)
  g:event("memo", {fresh = fresh, a1 = t.a[1], b = t.b, write = tostring(write), cycle = tostring(cycle)})
  base.setup(g)
end
