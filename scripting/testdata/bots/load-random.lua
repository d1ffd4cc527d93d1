-- A test bot that draws a random number while it loads (from the game's stream): it is loaded again
-- for every seat and game.
drawn = math.random(1000000)

function choose(obs, legal)
  return legal[1]
end
