-- Zoomies: what `play` shows a person (render), events in words (describe) and why a typed move is not
-- legal (explain). Loaded after the rules (YAML `screen:`); none of these changes the game.

-- why the seat is asked: leading sets the Goal, following declares a number (the trick shows the rest)
local function why(obs, legal)
  local _, id, decl = words(legal[1])
  if obs.vars.goal == nil then
    if decl == "high" or decl == "low" then
      return "you lead: play any card and declare its number; a led double declares High or Low (ZM-5, ZM-6)"
    end
    return "you lead: play any card; the number you declare sets the Goal, higher reading High (ZM-5)"
  end
  return string.format("the Goal is %s: play any card and declare one of its numbers; a double reverses the" ..
    " Goal (ZM-7, ZM-8, ZM-9)", string.upper(obs.vars.goal))
end

-- what `play` shows a human seat: obs (its observation) and legal (its moves) in words;
-- returns the text (hook)
function render(obs, legal)
  local me, v = obs.seat, obs.vars
  local out = {}
  local function line(s) out[#out + 1] = s end
  local function sv(seat, k) return obs.seat_vars[seat + 1][k] end
  line(string.format("Zoomies, round %s of 3: you are seat %d", tostring(v.round), me))
  local trick = obs.zones.trick.cards or {}
  if #trick == 0 then
    line("trick: nothing played yet")
  else
    local parts = {}
    for i, id in ipairs(trick) do
      local seat = (v.leader + i - 1) % obs.players
      parts[#parts + 1] = string.format("seat %d: %s as %s", seat, id, tostring(sv(seat, "value")))
    end
    line("trick: " .. table.concat(parts, ", ") .. "   Goal: " .. string.upper(tostring(v.goal)))
  end
  line("your hand: " .. table.concat(obs.zones.hand[me + 1].cards or {}, "  "))
  for seat = 0, obs.players - 1 do
    line(string.format("  seat %d%s: %d cards in hand, tricks won %d (this round %d), score %d", seat,
      seat == me and " (you)" or "", obs.zones.hand[seat + 1].count, sv(seat, "tricks") or 0,
      sv(seat, "round_tricks") or 0, obs.scores[seat + 1]))
  end
  line("most points after round 3 is eliminated; the next best wins (ZM-12)")
  if legal and legal[1] then line(why(obs, legal)) end
  return table.concat(out, "\n") .. "\n"
end

-- why a trick was won: the best declared number under the Goal (ZM-9)
local function trick_reason(e)
  local best = e.values[1]
  for _, v in ipairs(e.values) do
    if (e.goal == "high" and v > best) or (e.goal == "low" and v < best) then best = v end
  end
  return string.format("by the %s declared number, %d, under a %s Goal (ZM-9)",
    e.goal == "high" and "highest" or "lowest", best, string.upper(e.goal))
end

-- the round's points, seat by seat: tricks won times the round's points per trick (ZM-11)
local function round_points(e, seat)
  local parts = {}
  for i, n in ipairs(e.scores) do
    local t = e.tricks and e.tricks[i]
    local why = t and string.format(" (%d trick%s x %d)", t, t == 1 and "" or "s", e.per_trick) or ""
    parts[i] = string.format("%s +%d%s", i - 1 == seat and "you" or ("seat " .. (i - 1)), n, why)
  end
  return string.format("round %d scored: %s (ZM-11)", e.round, table.concat(parts, ", "))
end

-- event `e` in words for seat `seat` (tricks and why they were won, round points and why,
-- eliminations); returns a line, or nil for the engine's wording (hook)
function describe(e, seat)
  if e.type == "trick" then
    local who = e.winner == seat and "you" or ("seat " .. e.winner)
    return string.format("  trick to %s %s: %s, declared %s", who, trick_reason(e), table.concat(e.cards, " "),
      table.concat(e.values, " "))
  elseif e.type == "round_end" then
    return round_points(e, seat)
  elseif e.type == "eliminated" then
    if #e.seats == 0 then return "nobody is eliminated" end
    local s = {}
    for i, x in ipairs(e.seats) do s[i] = "seat " .. x end
    return table.concat(s, ", ") .. " eliminated: the most points (ZM-12)"
  end
  return nil
end

-- why `move` of `seat` is not legal now (read-only): returns the reason, or nil (hook)
function explain(g, seat, move)
  local verb, id, decl = words(move)
  if verb ~= "play" or not id then return "play a card and its number: play 45|54 45" end
  if not g:is_card(id) then return "there is no card " .. id end
  if not g:has("hand", seat, id) then return "you do not hold " .. id end
  local c = CARDS[id]
  local leads = g:get("goal") == nil
  if c.kind == "double" then
    if leads then return string.format("a led double sets the Goal: play %s high or play %s low (ZM-6)", id, id) end
    return string.format("a double that is not led has one number: play %s (ZM-8)", id)
  end
  return string.format("%s reads %d or %d: declare one of them (ZM-5, ZM-7)", id, c.lo, c.hi)
end
