-- keeps a gmatch iterator made at load, which keeps its place: the scripts are loaded again for every
-- game (found once loaded: no name is written), so each game reads the first word
local next_word = ("a b c d e f g h i j k l"):gmatch("%a")
function setup(g)
  g:event("word", {word = next_word()})
  base.setup(g)
end
