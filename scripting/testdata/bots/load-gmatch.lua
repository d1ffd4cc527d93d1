-- A test bot that keeps a string.gmatch iterator made while it loads (a Go function that keeps its
-- place): it is loaded again for every seat and game, so each starts at the first word.
local next_word = string.gmatch("draw stop draw", "%a+")

function choose(obs, legal)
  local w = next_word()
  for i = 1, #legal do
    if legal[i] == w then return w end
  end
  return legal[1]
end
