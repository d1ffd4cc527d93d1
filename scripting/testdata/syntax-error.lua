function setup(g)
  if g:players() > 2
    g:ask(0, {"draw"})
  end
end
