-- A one-ply greedy bot for Mimic Taking. It sees only its observation: it remembers the cards it won from
-- the public trick events and its own (private) keep moves, and for each legal play it asks "if the trick
-- ended now as it stands, would I take it, and how would that change my stack's score?".
--
-- It judges with the rules' own helpers (RULES.trick_winner, RULES.stack_score, RULES.auto_last,
-- RULES.auto_colour; pure functions of their arguments and the params), so in a variant it plays by
-- that variant's params and override scripts, not by the base game's.

-- the helpers, looked up at the first decision (`validate` loads a bot without the rules' RULES)
local trick_winner, stack_score, auto_last, auto_colour
local function bind_rules()
  trick_winner, stack_score = RULES.trick_winner, RULES.stack_score
  auto_last, auto_colour = RULES.auto_last, RULES.auto_colour
end

local COLORS = {"O", "B", "P", "G"}
local COLOR_INDEX = {O = 1, B = 2, P = 3, G = 4}

-- The cards this seat has won this round, as colour counts (a list in COLORS order) and a number of
-- Mimics, kept up to date from the events it is handed (each decision gets only the events since the
-- previous one). `assigned` holds this round's own Mimic choices (MT-19) by colour index; `on_table` the
-- cards of the trick being played (read from the play events: cheaper than obs.zones).
local counts, mimics, assigned = {0, 0, 0, 0}, 0, {0, 0, 0, 0}
local last_trick, on_table = nil, {}
local base_score -- stack_score of counts and mimics, until they change (nil: to compute)

-- "play O4" -> "O4", parsed once per game (a bot's globals last one game)
local played_card = {}
local function card_of(move)
  local id = played_card[move]
  if id == nil then
    local _
    _, id = words(move)
    played_card[move] = id
  end
  return id
end

-- adds (delta 1) or removes (delta -1) a card to colour counts and a Mimic count
local function count_card(c, m, id, delta)
  local k = COLOR_INDEX[CARDS[id].color]
  if k then c[k] = c[k] + delta else m = m + delta end
  return m
end

local function remember(obs)
  local events = obs.events
  for i = 1, #events do
    local e = events[i]
    local t = e.type
    if t == "move" then
      local verb, a, b = words(e.move or "")
      if verb == "play" then
        on_table[#on_table + 1] = a
      elseif e.seat ~= obs.seat then
        -- another seat's choice: nothing to remember
      elseif verb == "keep" and last_trick then
        -- my trump win: the cards not kept left the game
        local kept = {words(e.move)}
        for j = 1, #last_trick do
          local id, keep = last_trick[j], false
          for k = 2, #kept do if kept[k] == id then keep = true end end
          if not keep then mimics = count_card(counts, mimics, id, -1) end
        end
        base_score = nil
      elseif verb == "mimic" then
        local k = COLOR_INDEX[b]
        assigned[k] = assigned[k] + 1
      end
    elseif t == "trick" then
      last_trick, on_table = e.cards, {}
      if e.winner == obs.seat then
        for j = 1, #last_trick do mimics = count_card(counts, mimics, last_trick[j], 1) end
        base_score = nil
      end
    elseif t == "round_end" then
      counts, mimics, assigned, on_table = {0, 0, 0, 0}, 0, {0, 0, 0, 0}, {}
      base_score = nil
    end
  end
end

-- A card play: for each legal card, "if the trick ended now, would I take it, and how would my stack's
-- score change?" (0 if I would not take it), then a preference for low numbers. The new score depends
-- only on the colour of my card (or its being a Mimic), so it is computed once per colour.
local function choose_play(obs, legal)
  -- the trick so far plus one slot for my card; lead is the first non-Mimic (MT-7)
  local n = #on_table + 1
  local cards, lead = {}, nil
  local with_table = {counts[1], counts[2], counts[3], counts[4]}
  local with_table_m = mimics
  for i = 1, n - 1 do
    local id = on_table[i]
    cards[i] = id
    if lead == nil and CARDS[id].kind ~= "mimic" then lead = i end
    with_table_m = count_card(with_table, with_table_m, id, 1)
  end
  local trick = {cards = cards, lead = lead, leader = (obs.seat - n + 1) % obs.players}
  base_score = base_score or stack_score(g, counts, mimics)
  local base = base_score
  local gain = {} -- by colour index, 5 for a Mimic
  local best, bestv
  for i = 1, #legal do
    local id = card_of(legal[i])
    local card = CARDS[id]
    cards[n] = id
    trick.lead = lead
    if lead == nil and card.kind ~= "mimic" then trick.lead = n end
    local v = 0
    if trick_winner(g, trick) == n then
      local k = COLOR_INDEX[card.color] or 5
      v = gain[k]
      if v == nil then
        local c = {with_table[1], with_table[2], with_table[3], with_table[4]}
        v = stack_score(g, c, count_card(c, with_table_m, id, 1)) - base
        gain[k] = v
      end
    end
    v = v * 100 - (card.number or 0)
    if not bestv or v > bestv then best, bestv = legal[i], v end
  end
  return best
end

-- MT-14: the subset of the trick that leaves the best stack. The trick event came before this
-- decision, so the memory holds the whole trick already: judge each subset against the stack without it.
local function choose_keep(legal)
  local before = {counts[1], counts[2], counts[3], counts[4]}
  local before_m = mimics
  for j = 1, #last_trick do before_m = count_card(before, before_m, last_trick[j], -1) end
  local score_of = {} -- subsets with the same colour counts score the same: by a key of the counts
  local best, bestv
  for i = 1, #legal do
    local kept = {words(legal[i])}
    local c = {before[1], before[2], before[3], before[4]}
    local m = before_m
    for k = 2, #kept do m = count_card(c, m, kept[k], 1) end
    -- negative, so the key goes to the table's hash part (gopher-lua would grow the array part up to a
    -- large positive integer key)
    local key = -((((m * 16 + c[4]) * 16 + c[3]) * 16 + c[2]) * 16 + c[1]) - 1
    local v = score_of[key]
    if v == nil then
      v = stack_score(g, c, m)
      score_of[key] = v
    end
    if not bestv or v > bestv then best, bestv = legal[i], v end
  end
  return best
end

function choose(obs, legal)
  if trick_winner == nil then bind_rules() end
  remember(obs)
  if #legal == 1 then return legal[1] end
  local verb, id = words(legal[1])
  if verb == "play" then return choose_play(obs, legal) end
  if verb == "keep" then return choose_keep(legal) end
  if verb == "last" then
    -- MT-18 by the auto policy, with the stack I remember (it is face down, for me too)
    local last = obs.zones.hand[obs.seat + 1].cards[1]
    if auto_last(g, counts, mimics, last) then return "last add" end
    return "last discard"
  end
  if verb == "mimic" then
    -- MT-19 by the auto policy: my counted stack is face up to me now; add the Mimics I assigned
    local cards = obs.zones.counted[obs.seat + 1].cards
    local c = {assigned[1], assigned[2], assigned[3], assigned[4]}
    for i = 1, #cards do count_card(c, 0, cards[i], 1) end
    local k = auto_colour(c)
    local move = k and ("mimic " .. id .. " " .. COLORS[k])
    for i = 1, #legal do if legal[i] == move then return move end end
  end
  return legal[1]
end
