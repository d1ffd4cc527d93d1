-- Mimic Taking: what `play` shows a person (render), in words (describe). Loaded after the rules
-- (YAML `screen:`); these hooks read only the observation and never change the game.

local COLOUR = {O = "Orange", B = "Brown", P = "Purple", G = "Gray"}

local function cards(z)
  if z.cards == nil then return z.count .. " face down" end
  if #z.cards == 0 then return "-" end
  return table.concat(z.cards, " ")
end

-- the trick on the table, seat by seat: the plays logged since the last trick ended, and its lead
-- colour (the first card that is not a Mimic, MT-7)
local function trick_plays(obs)
  local plays, lead = {}, nil
  for _, e in ipairs(obs.events) do
    if e.type == "trick" or e.type == "round_end" then
      plays, lead = {}, nil
    elseif e.type == "move" and e.move:sub(1, 5) == "play " then
      local id = e.move:sub(6)
      plays[#plays + 1] = string.format("seat %d: %s", e.seat, id)
      if lead == nil and CARDS[id].kind ~= "mimic" then lead = CARDS[id].color end
    end
  end
  return plays, lead
end

-- the cards of a colour in a hand
local function of_colour(hand, colour)
  local out = {}
  for _, id in ipairs(hand) do
    if CARDS[id].color == colour then out[#out + 1] = id end
  end
  return out
end

-- why the seat is asked, from the moves it is offered
local function why(obs, legal, plays, lead)
  local verb, a = words(legal[1])
  local table_cards = obs.zones.trick.cards
  if verb == "keep" then
    return "you won the trick with a trump (MT-8): keep any of its cards, the rest leave the round (MT-14)"
  elseif verb == "last" then
    return "one card left: add it to your won stack or set it aside (MT-18)"
  elseif verb == "mimic" then
    return string.format("your stack is counted: give Mimic %s one of its colours (MT-19)", a)
  elseif #table_cards == 0 or #plays == 0 then
    return "you lead the trick: play any card (MT-4)"
  elseif lead == nil then
    return "only Mimics so far: play any card; the first colour played is the lead colour (MT-7)"
  end
  local follow = of_colour(obs.zones.hand[obs.seat + 1].cards, lead)
  if #follow == 0 then
    return string.format("you hold no %s (%s), the lead colour: play any card (MT-5)", lead, COLOUR[lead])
  end
  return string.format("follow %s (%s), the lead colour: %s, or play a Mimic (MT-5, MT-6)", lead,
    COLOUR[lead], table.concat(follow, " "))
end

-- what `play` shows a human seat: obs (its observation) and legal (its moves) in words;
-- returns the text (hook)
function render(obs, legal)
  local z, me = obs.zones, obs.seat
  local out = {}
  local function line(s) out[#out + 1] = s end
  local rounds = obs.params.rounds[tostring(obs.players)]
  line(string.format("Mimic Taking, round %s of %s: you are seat %d", tostring(obs.vars.round), tostring(rounds), me))
  local plays, lead = trick_plays(obs)
  if #z.trick.cards > 0 and #plays == 0 then plays = {table.concat(z.trick.cards, " ")} end
  line("on the table: " .. (#plays > 0 and table.concat(plays, ", ") or "nothing yet"))
  line("your hand: " .. cards(z.hand[me + 1]))
  for s = 0, obs.players - 1 do
    local i = s + 1
    line(string.format("  seat %d%s: %d in hand | won %s | score %d", s, s == me and " (you)" or "",
      z.hand[i].count, cards(z.won[i]), obs.scores[i]))
    if z.counted[i].count > 0 then line("      counted stack: " .. cards(z.counted[i])) end
  end
  line("colours: O Orange, B Brown, P Purple, G Gray; M1..M4 are Mimics")
  if legal and legal[1] then line(why(obs, legal, plays, lead)) end
  return table.concat(out, "\n") .. "\n"
end

-- why a trick was won: the trick event's `how` (trick_winner's second value) in words
local TRICK_HOW = {trump = "by a trump, the lead number in another colour (MT-8)",
  closest = "by the lead colour's card closest to the lead number (MT-9)",
  lead = "by the lead card: nobody followed its colour (MT-11)",
  mimics = "by the last Mimic: only Mimics were played (MT-12)"}

-- why a stack scored `n`, from the public score alone (stacks stay face down, MT-15): a bonus is
-- perfect mimicry, a penalty the largest colour count minus the smallest
local function score_reason(n)
  if n > 0 then return string.format("+%d: perfect mimicry, equal colours (MT-21)", n) end
  if n == 0 then return "0: no colour to count (MT-21)" end
  return string.format("%d: largest colour count - smallest = %d (MT-20)", n, -n)
end

-- the owner's stack event: its colour counts (Mimics added) and why they score what they do
local function stack_reason(e)
  local parts, largest = {}, 0
  for _, c in ipairs({"O", "B", "P", "G"}) do
    if e[c] > 0 then parts[#parts + 1] = string.format("%s %d", COLOUR[c], e[c]) end
    largest = math.max(largest, e[c])
  end
  local counts = #parts > 0 and table.concat(parts, ", ") or "no coloured card"
  if e.score < 0 then -- MT-20: the smallest count is what the penalty leaves (MT-D4 reads "smallest")
    return string.format("your stack: %s (Mimics included): %d, largest %d - smallest %d (MT-20)", counts,
      e.score, largest, largest + e.score)
  end
  return string.format("your stack: %s (Mimics included): %s", counts, score_reason(e.score))
end

-- the round's scores, seat by seat, with their reasons
local function round_scores(e, seat)
  local parts = {}
  for i, n in ipairs(e.scores) do
    parts[i] = string.format("%s %s", i - 1 == seat and "you" or ("seat " .. (i - 1)), score_reason(n))
  end
  return "round " .. e.round .. " scored: " .. table.concat(parts, "; ")
end

-- event `e` in words for seat `seat` (kept cards, Mimic colours, why a trick was won, round scores
-- and why); returns a line, or nil for the engine's wording (hook)
function describe(e, seat)
  local who = e.seat == seat and "you" or ("seat " .. tostring(e.seat))
  if e.type == "move" then
    local verb, a = words(e.move)
    if verb == "keep" then
      return string.format("%s kept %s", who, a and e.move:sub(6) or "nothing")
    elseif verb == "mimic" then
      local _, id, col = words(e.move)
      return string.format("%s counted %s as %s", who, id, COLOUR[col] or col)
    end
    return nil -- "seat N: play O4" as the engine words it
  elseif e.type == "trick" and TRICK_HOW[e.how] then
    local to = e.winner == seat and "you" or ("seat " .. e.winner)
    return string.format("  trick to %s %s: %s", to, TRICK_HOW[e.how], table.concat(e.cards, " "))
  elseif e.type == "stack" then
    return stack_reason(e)
  elseif e.type == "round_end" then
    return round_scores(e, seat)
  end
  return nil
end
