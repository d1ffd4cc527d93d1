function setup(g)
  local p, q = 1, 2
  if g:players() > 1 then
    p, q = q, p
  end
  g:ask(0, {"draw"})
end
