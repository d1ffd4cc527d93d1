-- A one-ply greedy bot for Mimic Taking. It sees only its observation: it remembers the cards it won from
-- the public trick events and its own (private) keep moves, and for each legal play it asks "if the trick
-- ended now as it stands, would I take it, and how would that change my stack's score?".
--
-- It judges with the rules' own helpers (RULES.trick_winner, RULES.stack_score, RULES.auto_last,
-- RULES.auto_colour; pure functions of their arguments and the params), so in a variant it plays by
-- that variant's params and override scripts, not by the base game's.
--
-- Speed: a bot decides about as often as the rules move, so it reads card facts from flat tables built
-- once per game (CARDS[id].color reads two read-only tables), parses each move string once, remembers
-- each stack's score (stack_score depends only on the counts and the params) and reuses its own
-- scratch tables instead of building new ones per decision.

-- the helpers, looked up at the first decision (`validate` loads a bot without the rules' RULES)
local trick_winner, stack_score, auto_last, auto_colour
local function bind_rules()
  trick_winner, stack_score = RULES.trick_winner, RULES.stack_score
  auto_last, auto_colour = RULES.auto_last, RULES.auto_colour
end

local COLORS = {"O", "B", "P", "G"}
local COLOR_INDEX = {O = 1, B = 2, P = 3, G = 4}

-- Card facts by id: COLOR_OF the colour index (nil for a card without a colour: a Mimic), IS_MIMIC the
-- Mimic kind (the lead is the first non-Mimic, MT-7), NUMBER_OF the number or 0.
local COLOR_OF, IS_MIMIC, NUMBER_OF = {}, {}, {}
do -- from flat lists made in Go (g:card_list): iterating CARDS reads a read-only table per card and field
  local ids, colors, kinds, numbers = g:card_list(), g:card_list("color"), g:card_list("kind"), g:card_list("number")
  for i = 1, #ids do
    local id = ids[i]
    COLOR_OF[id] = COLOR_INDEX[colors[i]]
    if kinds[i] == "mimic" then IS_MIMIC[id] = true end -- nil for the others: a new key costs a map entry
    NUMBER_OF[id] = numbers[i] or 0
  end
end

-- The cards this seat has won this round, as colour counts (a list in COLORS order) and a number of
-- Mimics, kept up to date from the events it is handed (each decision gets only the events since the
-- previous one). `assigned` holds this round's own Mimic choices (MT-19) by colour index; `on_table` the
-- cards of the trick being played (read from the play events: cheaper than obs.zones).
local counts, mimics, assigned = {0, 0, 0, 0}, 0, {0, 0, 0, 0}
local last_trick, on_table = nil, {}
local base_score -- stack_score of counts and mimics, until they change (nil: to compute)

-- a move's words, split once per game (a bot's globals last one game): VERB[move], ARG1[move], ARG2[move]
-- (a word the move does not have is not stored: a new key costs a map entry, each game)
local VERB, ARG1, ARG2 = {}, {}, {}
local function parse(move)
  local verb, a, b = words(move)
  VERB[move] = verb
  if a then ARG1[move] = a end
  if b then ARG2[move] = b end
  return verb
end

-- adds (delta 1) or removes (delta -1) a card to colour counts and a Mimic count
local function count_card(c, m, id, delta)
  local k = COLOR_OF[id]
  if k then c[k] = c[k] + delta else m = m + delta end
  return m
end

-- SCORE[key] is stack_score of the counts and Mimics the key spells (negative, so the key goes to the
-- table's hash part: gopher-lua would grow the array part up to a large positive integer key). One
-- more card of colour k (5: a Mimic) takes STEP[k] from the key.
local SCORE, STEP = {}, {1, 16, 256, 4096, 65536}
local function stack_key(c, m)
  return -((((m * 16 + c[4]) * 16 + c[3]) * 16 + c[2]) * 16 + c[1]) - 1
end
local function score_of(c, m)
  local key = stack_key(c, m)
  local v = SCORE[key]
  if v == nil then
    v = stack_score(g, c, m)
    SCORE[key] = v
  end
  return v
end

local function remember(obs)
  local events, me = obs.events, obs.seat
  for i = 1, #events do
    local e = events[i]
    local t = e.type
    if t == "move" then
      local move = e.move or ""
      local verb = VERB[move] or parse(move)
      if verb == "play" then
        on_table[#on_table + 1] = ARG1[move]
      elseif e.seat ~= me then
        -- another seat's choice: nothing to remember
      elseif verb == "keep" and last_trick then
        -- my trump win: the cards not kept left the game
        local kept = {words(move)}
        for j = 1, #last_trick do
          local id, keep = last_trick[j], false
          for k = 2, #kept do if kept[k] == id then keep = true end end
          if not keep then mimics = count_card(counts, mimics, id, -1) end
        end
        base_score = nil
      elseif verb == "mimic" then
        local k = COLOR_INDEX[ARG2[move]]
        assigned[k] = assigned[k] + 1
      end
    elseif t == "trick" then
      last_trick = e.cards
      for j = #on_table, 1, -1 do on_table[j] = nil end -- emptied, not made again: a new list allocates
      if e.winner == me then
        for j = 1, #last_trick do mimics = count_card(counts, mimics, last_trick[j], 1) end
        base_score = nil
      end
    elseif t == "round_end" then
      counts, mimics, assigned, on_table = {0, 0, 0, 0}, 0, {0, 0, 0, 0}, {}
      base_score = nil
    end
  end
end

-- scratch tables of choose_play, emptied and refilled at each play (trick_winner only reads them)
local trick_cards, with_table, gain, c = {}, {0, 0, 0, 0}, {}, {0, 0, 0, 0}
local trick = {cards = trick_cards}

-- whether card id played n-th takes the trick as it stands (trick_cards: the cards before it; lead:
-- the position of the first non-Mimic among them, or nil): a card played alone takes it
local function wins_trick(id, n, lead)
  if n == 1 then return true end
  trick_cards[n] = id
  if lead == nil then
    if IS_MIMIC[id] then trick.lead = nil else trick.lead = n end
  end
  return trick_winner(g, trick) == n
end

-- the score of my stack with the trick on the table (with_table: colour counts, with_table_m Mimics,
-- with_key their key) and card id (colour index k, 5 for a Mimic) added
local function gain_of(k, id, with_key, with_table_m)
  local v = SCORE[with_key - STEP[k]] -- the key of the stack with one more card (arithmetic)
  if v == nil then
    c[1], c[2], c[3], c[4] = with_table[1], with_table[2], with_table[3], with_table[4]
    v = score_of(c, count_card(c, with_table_m, id, 1))
  end
  return v
end

-- A card play: for each legal card, "if the trick ended now, would I take it, and how would my stack's
-- score change?" (0 if I would not take it), then a preference for low numbers. The new score depends
-- only on the colour of my card (or its being a Mimic), so it is computed once per colour.
local function choose_play(obs, legal)
  -- the trick so far plus one slot for my card; lead is the first non-Mimic (MT-7)
  local n = #on_table + 1
  local cards, lead = trick_cards, nil
  for i = #cards, n + 1, -1 do cards[i] = nil end
  with_table[1], with_table[2], with_table[3], with_table[4] = counts[1], counts[2], counts[3], counts[4]
  local with_table_m = mimics
  for i = 1, n - 1 do
    local id = on_table[i]
    cards[i] = id
    if lead == nil and not IS_MIMIC[id] then lead = i end
    local k = COLOR_OF[id] -- count_card(with_table, with_table_m, id, 1), inline: once per card on the table
    if k then with_table[k] = with_table[k] + 1 else with_table_m = with_table_m + 1 end
  end
  trick.leader = (obs.seat - n + 1) % obs.players
  trick.lead = lead
  base_score = base_score or score_of(counts, mimics)
  local base = base_score
  for k = 1, 5 do gain[k] = nil end -- by colour index, 5 for a Mimic
  local with_key = stack_key(with_table, with_table_m)
  local best, bestv
  for i = 1, #legal do
    local move = legal[i]
    if not VERB[move] then parse(move) end
    local id = ARG1[move]
    local k = COLOR_OF[id] or 5
    local gk = gain[k]
    local lose = -NUMBER_OF[id]
    local v = lose -- its value if it does not take the trick
    if gk == nil then
      -- who takes the trick first: a colour's gain (a stack score, rarely remembered) only if it does
      if wins_trick(id, n, lead) then
        gk = gain_of(k, id, with_key, with_table_m) - base
        gain[k] = gk
        v = gk * 100 + lose
      end
    elseif gk ~= 0 and (not bestv or gk * 100 + lose > bestv or lose > bestv) and wins_trick(id, n, lead) then
      -- the colour's gain known: who takes the trick is asked only when that can change the choice
      v = gk * 100 + lose
    end
    if not bestv or v > bestv then best, bestv = move, v end
  end
  return best
end

-- MT-14: the subset of the trick that leaves the best stack. The trick event came before this
-- decision, so the memory holds the whole trick already: judge each subset against the stack without it.
local function choose_keep(legal)
  local before = {counts[1], counts[2], counts[3], counts[4]}
  local before_m = mimics
  for j = 1, #last_trick do before_m = count_card(before, before_m, last_trick[j], -1) end
  local before_key = stack_key(before, before_m)
  local best, bestv
  for i = 1, #legal do
    local kept = {words(legal[i])}
    local key = before_key -- each kept card takes its step from the key: a remembered score needs no counts
    for k = 2, #kept do key = key - STEP[COLOR_OF[kept[k]] or 5] end
    local v = SCORE[key]
    if v == nil then
      c[1], c[2], c[3], c[4] = before[1], before[2], before[3], before[4]
      local m = before_m
      for k = 2, #kept do m = count_card(c, m, kept[k], 1) end
      v = score_of(c, m)
    end
    if not bestv or v > bestv then best, bestv = legal[i], v end
  end
  return best
end

function choose(obs, legal)
  if trick_winner == nil then bind_rules() end
  remember(obs)
  if #legal == 1 then return legal[1] end
  local first = legal[1]
  local verb = VERB[first] or parse(first)
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
    local ac = {assigned[1], assigned[2], assigned[3], assigned[4]}
    for i = 1, #cards do count_card(ac, 0, cards[i], 1) end
    local k = auto_colour(ac)
    local move = k and ("mimic " .. ARG1[first] .. " " .. COLORS[k])
    for i = 1, #legal do if legal[i] == move then return move end end
  end
  return legal[1]
end
