function setup(g)
  g:event("memo", {seen = g:memo("k") or "none"})
  g:memo("k", "kept")
  base.setup(g)
end
