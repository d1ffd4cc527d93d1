-- A test bot that keeps a closure a rules helper made while it loaded: each seat and game must count
-- from 1 (the bot is loaded for each), so its first decision of a game fails it otherwise.
local counter = RULES.make_counter()
local decisions = 0

function choose(obs, legal)
  decisions = decisions + 1
  assert(counter() == decisions, "the counter is another seat's or game's")
  return legal[1]
end
