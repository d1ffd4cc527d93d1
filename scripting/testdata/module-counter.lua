local games = 0
function setup(g)
  games = games + 1
  g:event("games_seen", {n = games})
  base.setup(g)
end
