local played = {games = 0}
function setup(g)
  played.games = played.games + 1
  g:event("games_seen", {n = played.games})
  base.setup(g)
end
