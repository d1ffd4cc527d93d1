local FIRST = {"draw", "stop"}

function setup(g)
  g:ask(0, FIRST)
end

-- every later decision offers the g:memo list (the test plays one move of each game)
function on_move(g, seat, move)
  if move == "stop" then
    g:finish({seat})
    return
  end
  g:ask((seat + 1) % g:players(), g:memo("moves") or g:memo("moves", {"draw", "stop"}))
end
