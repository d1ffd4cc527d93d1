-- A test bot that checks what it is handed: no event table another bot wrote into, and its own
-- tables from an earlier decision (which it tampers with in turn) built again, not kept stale.
local function check_events(obs)
  local events = obs.events
  if type(events) ~= "table" then error("obs.events is " .. tostring(events)) end
  for i = 1, #events do
    local e = events[i]
    if type(e) ~= "table" then error("event " .. i .. " is " .. tostring(e) .. ": a stale list") end
    if e.type == "tampered" or e.seat == -7 or e.move == "tampered" then
      error("event " .. i .. " was changed by another bot")
    end
    if type(e.cards) == "table" then
      for _, id in ipairs(e.cards) do
        if id == "tampered" then error("the cards of event " .. i .. " were changed by another bot") end
      end
    end
  end
end

local function check_own(obs)
  local z = obs.zones.hand[obs.seat + 1]
  if z.count == -1 then error("a changed zone table was handed again") end
  if z.cards and z.count and #z.cards ~= z.count then
    error("hand table kept stale: " .. #z.cards .. " cards, count " .. z.count)
  end
  for k, v in pairs(obs.vars) do
    if v == "tampered" then error("a changed obs.vars was handed again (" .. k .. ")") end
  end
  for i = 1, #obs.scores do
    if obs.scores[i] == -999 then error("a changed obs.scores was handed again") end
  end
  -- a field set by the bot but never read (so never built) is gone too: raw, as a read would build it
  if rawget(obs, "params") ~= nil then error("obs.params kept from an earlier decision") end
end

local function tamper(obs)
  local events = obs.events -- a list kept for the next decision: it must come back refilled
  events[#events + 1] = "tampered"
  events[#events + 1] = "tampered"
  local z = obs.zones.hand[obs.seat + 1]
  if z.cards then table.insert(z.cards, "tampered") end
  z.count = -1
  for k in pairs(obs.vars) do obs.vars[k] = "tampered" end
  for i = 1, #obs.scores do obs.scores[i] = -999 end
  obs.events = "tampered" -- set by the bot: the next decision's obs.events must be the real one
  obs.zones.hand = "tampered" -- and its obs.zones.hand
  obs.params = "tampered" -- and a field it never read
end

function choose(obs, legal)
  check_events(obs)
  check_own(obs)
  tamper(obs)
  return legal[#legal]
end
