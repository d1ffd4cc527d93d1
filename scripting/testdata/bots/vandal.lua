-- A test bot that writes into every table it is handed: the events (shared with the other bots of the
-- game), their card lists, its zones, values and scores. It plays the first legal move.
function choose(obs, legal)
  local events = obs.events
  for i = 1, #events do
    local e = events[i]
    e.type, e.seat, e.move, e.added = "tampered", -7, "tampered", true
    if type(e.cards) == "table" then table.insert(e.cards, "tampered") end
  end
  local _ = obs.zones.hand
  for name in pairs(obs.zones) do obs.zones[name] = "tampered" end
  return legal[1]
end
