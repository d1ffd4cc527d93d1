-- A test bot that writes into every table it is handed: the events (shared with the other bots of the
-- game: each write must be refused, with an error naming the table), their card lists, its zones,
-- values and scores. It plays the first legal move.
local function refused(what, fn, ...)
  local ok, err = pcall(fn, ...)
  if ok then error("writing " .. what .. " of a shared event was allowed") end
  if not string.find(tostring(err), "an event (shared by the bots) is read-only", 1, true) then
    error("writing " .. what .. " of a shared event: unexpected error " .. tostring(err))
  end
end

function choose(obs, legal)
  local events = obs.events
  for i = 1, #events do
    local e = events[i]
    refused("type", function() e.type = "tampered" end)
    refused("seat", function() e.seat = -7 end)
    refused("move", function() e.move = "tampered" end)
    refused("a new field", function() e.added = true end)
    refused("a field (rawset)", rawset, e, "type", "tampered")
    if type(e.cards) == "table" then
      refused("the cards", table.insert, e.cards, "tampered")
      refused("a card", function() e.cards[1] = "tampered" end)
    end
  end
  local _ = obs.zones.hand
  for name in pairs(obs.zones) do obs.zones[name] = "tampered" end
  return legal[1]
end
