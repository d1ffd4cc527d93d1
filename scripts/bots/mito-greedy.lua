-- A greedy bot for Mito. It reads only its observation: its own hand and box, the top of the discard
-- pile, hand sizes when they are public (MI-D7), the Keeper, its own private signal (as Keeper) and the
-- public events.
--
-- As a player it cheats away one card every turn it may (Mitos first: they cannot be played), plays the
-- card that sheds most (powers that move cards to the others, high penalties, duplicates), draws only when
-- it cannot play, always throws on a Cockroach and gives away the cards it needs least (Spider gifts to
-- the seat with the fewest cards, or the next player when sizes are hidden). As Keeper it weighs the
-- private signal against each seat's record of caught cheats (a Bayesian guess of how often that seat
-- cheats) and accuses when a cheat is likely. It does not count hand sizes to detect cheats (with the
-- default hand_counts: hidden it cannot): MI-D6 models the Keeper's eye as the signal.
--
-- Speed: what a move or a card means is read at load with the rules' own helpers (move_parts,
-- card_facts) into the bot's tables: a decision then reads one table entry per legal move, where a
-- call of a helper cost as much as a dozen table reads. Only the load writes those tables, so every
-- seat of every game shares them (a table a decision writes is each seat's own, refilled every game).
-- Cards go by their place (each distinct id once, in catalogue order) in plain lists; the hot loops
-- index their lists (ipairs calls a function per step), read what they use as locals (an upvalue
-- read is an instruction) and answer with the legal move's own string.

local random, huge = math.random, math.huge -- library values as locals: a global lookup goes through the sandbox

local DETECT, FALSE_ALARM = 0.35, 0.05 -- the default MI-15 chances (a bot does not see the params)

-- What a move means, as one number (CODE[move]): the place of its card (1 to 99) plus CHEAT, PLAY or
-- THROW, or plus GIVE + 100 * the seat a gift goes to; DRAW, and OTHER for accuse and pass. The hot
-- loops compare codes with these numbers written out (a named one is an upvalue read each time).
local CHEAT, PLAY, THROW, DRAW, OTHER, GIVE = 0, 100, 200, 300, 400, 1000
local MAX_SEATS = 5 -- MI-2: the seats a gift may go to, spelled at load
local MITO_SLOT = 10 -- where a hand's counts keep its Mitos, past its values (max_value is 9 at most)
local NO_COUNTS = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0} -- the counts of an empty hand

-- Built at load (build_tables): CODE[move]; PLACE[id] a card's place; SLOT[id] the count it adds to in
-- a hand's counts (its value, or MITO_SLOT); by place, ID_AT the id, VALUE_AT its value, MITO_AT true
-- for a Mito, BURDEN_AT and PLAY_AT the parts of most_burden's and best_play's scores that depend on
-- the card alone, ROACH_AT true for a Cockroach
local CODE, PLACE, SLOT = {}, {}, {}
local move_parts = RULES and RULES.move_parts
local ID_AT, VALUE_AT, MITO_AT, BURDEN_AT, PLAY_AT, ROACH_AT = {}, {}, {}, {}, {}, {}

-- the code of what move_parts says a move means
local function code_of(verb, id, to)
  local at = PLACE[id]
  if verb == "draw" then return DRAW end
  if at == nil then return OTHER end
  if verb == "cheat" then return CHEAT + at end
  if verb == "play" then return PLAY + at end
  if verb == "throw" then return THROW + at end
  if verb == "give" and to then return GIVE + 100 * to + at end
  return OTHER
end

-- the tables above, from the catalogue (g:card_list) and the rules' card_facts and move_parts. The
-- moves are spelled here only to be looked up: a legal move CODE lacks (a variant's) is read by
-- move_parts when it comes (code_at)
local function build_tables()
  local card_facts = RULES.card_facts
  local power = {spider = 40, ant = 30, cockroach = 8, gray = 0, mosquito = -5, mito = 60}
  for _, id in ipairs(g:card_list()) do
    local kind, value, penalty = card_facts(id)
    if PLACE[id] == nil and kind ~= "keeper" then
      local at = #ID_AT + 1
      PLACE[id], ID_AT[at], VALUE_AT[at], MITO_AT[at] = at, id, value, kind == "mito"
      SLOT[id] = kind == "mito" and MITO_SLOT or value
      if kind == "mito" then
        BURDEN_AT[at] = 1000 + value -- Mitos most
      else
        -- by penalty; keep the powers that shed cards for us
        BURDEN_AT[at] = penalty * 10 - ((kind == "spider" or kind == "ant") and 40 or 0)
      end
      PLAY_AT[at], ROACH_AT[at] = (power[kind] or 0) + penalty * 2, kind == "cockroach"
      local spelled = {"play " .. id, "cheat " .. id, "throw " .. id}
      for to = 0, MAX_SEATS - 1 do spelled[#spelled + 1] = "give " .. id .. " to " .. to end
      for _, m in ipairs(spelled) do CODE[m] = code_of(move_parts(m)) end
    end
  end
  for _, m in ipairs({"draw", "accuse", "pass"}) do CODE[m] = code_of(move_parts(m)) end
end
if RULES then build_tables() end -- (`validate` loads a bot without RULES)

-- the code of a move: CODE's, or move_parts' for a move the load did not spell
local function code_at(move)
  return CODE[move] or code_of(move_parts(move))
end

-- the seat deciding (read at each decision)
local me
-- memory (one environment per seat per game): accusations per seat, our own cheats
-- (by seat + 1, one entry per seat from the start: a key added to a table during a game costs
-- thousands of machine instructions, an entry made at load is copied with the table)
local guilty, accused = {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}
local my_cheats, my_caught = 0, 0
-- as Keeper: the latest private signal (MI-15), the seat it is about and whether it says "suspicious"
-- (the event carries what obs.vars.turn and obs.vars.signal say, without building obs.vars)
local signal_seat, suspicious = nil, nil
-- the place of the card on top of the discard pile, followed through the public events
local top_at

-- the card we most want rid of (cheat / give / throw) among the places ats[1..count]: its index, the
-- first of equals. The burden: Mitos most, then by penalty, isolated values first; counts are the
-- hand's (by value), tv the value of the pile's top card (nil: none counts); a gift to seat `target`
-- (to[i], when to is given) weighs 0.5 more; the last copy of `keep` (the place of our only play) in
-- `hand` 1000 less. (One loop scoring every candidate: a call per candidate costs as much as its score)
local function most_burden(ats, count, counts, tv, to, target, keep, hand)
  local burden_at, mito_at, value_at = BURDEN_AT, MITO_AT, VALUE_AT
  local best, bs = 1, -huge
  for i = 1, count do
    local at = ats[i]
    local b = burden_at[at]
    if not mito_at[at] then
      local value = value_at[at]
      b = b - counts[value] * 3
      if tv then
        local d = (value - tv) % 5 -- one above or below the top (values wrap at 5)
        if d == 1 or d == 4 then b = b - 8 end -- playable now: keep it
      end
    end
    if to and to[i] == target then b = b + 0.5 end
    if at == keep then
      local id, copies = ID_AT[at], 0
      for j = 1, #hand do if hand[j] == id then copies = copies + 1 end end
      if copies == 1 then b = b - 1000 end
    end
    if b > bs then best, bs = i, b end
  end
  return best
end

-- the play we like best among the places ats[1..count]: its index, the first of equals (counts: as
-- above)
local function best_play(ats, count, counts)
  local best, bs = 1, -huge
  for i = 1, count do
    local at = ats[i]
    local n = counts[VALUE_AT[at]]
    local score = PLAY_AT[at] -- its power, its penalty points twice
    -- a Cockroach we can follow with our own throw sheds two cards
    if ROACH_AT[at] and n >= 2 then score = score + 25 end
    -- after this play the top is the card's value: keep cards that follow it for later turns
    score = score + n * 2
    if score > bs then best, bs = i, score end
  end
  return best
end

-- the seat to burden with a gift: the one with the fewest cards when hand sizes are public; with them
-- hidden (MI-D7, only "has cards" shows) the next player, who is the nearest to playing again
local function fewest_other(obs)
  local best, bestc
  for s = 0, obs.players - 1 do
    if s ~= me then
      local c = obs.zones.hand[s + 1].count
      if c == nil then return (me + 1) % obs.players end
      if bestc == nil or c < bestc then best, bestc = s, c end
    end
  end
  return best
end

local function keeper_reply(obs)
  local s, signal = signal_seat, suspicious
  if s == nil then s, signal = obs.vars.turn, obs.vars.signal end -- a line of play shown without events
  signal_seat = nil
  local r = (guilty[s + 1] + 1) / (accused[s + 1] + 2) -- this seat's cheat rate, guessed
  local p
  if signal then
    p = r * DETECT / (r * DETECT + (1 - r) * FALSE_ALARM)
  else
    p = r * (1 - DETECT) / (r * (1 - DETECT) + (1 - r) * (1 - FALSE_ALARM))
  end
  -- a catch sends two cards to the cheater and frees us to cheat; a miss costs us one card. Without a
  -- signal we accuse only now and then (chance p squared), so that habitual cheaters are kept honest
  -- without the table locking into accusation after accusation
  if signal then
    if p > 0.5 then return "accuse" end
  elseif random() < p * p then
    return "accuse"
  end
  return "pass"
end

-- the legal moves by kind, refilled at each decision (a bot's globals last one game): the places of
-- the cards of the plays, cheats, throws and gifts, each with its move at the same index, and the
-- seat each gift goes to (entries past a kind's count are left from earlier decisions; plain lists
-- and counts in locals, as a table keyed by kind costs a hashed lookup per read)
local play_ats, cheat_ats, throw_ats, give_ats = {}, {}, {}, {}
local play_moves, cheat_moves, throw_moves, give_moves = {}, {}, {}, {}
local give_to = {}

-- A decision reads the events logged since the bot's previous one, then weighs the legal moves. (The
-- steps are written out here, not in functions of their own: a Lua call costs as much as a dozen
-- table reads.)
function choose(obs, legal)
  me = obs.seat
  -- the events: each field is a lookup more (a shared read-only table), so an event's move is read
  -- first (most events are moves), and a move's seat only for a cheat (a seat sees no cheat but its
  -- own, MI-13)
  local ev, code = obs.events, CODE
  for i = 1, #ev do
    local e = ev[i]
    local m = e.move
    if m then
      local x = code[m] or code_at(m)
      if x < 100 then -- CHEAT + place
        if e.seat == me then my_cheats = my_cheats + 1 end
      elseif x < 200 then -- PLAY + place: the card played lies on top of the pile
        top_at = x - 100
      end
    else
      local t = e.type
      if t == "accusation" then
        local s = e.seat
        accused[s + 1] = accused[s + 1] + 1
        if e.guilty then
          guilty[s + 1] = guilty[s + 1] + 1
          if s == me then my_caught = my_caught + 1 end
        end
      elseif t == "signal" then
        signal_seat, suspicious = e.seat, e.suspicious
      elseif t == "cockroach" or t == "round_start" then -- a throw that stays, a new round's card
        local c = e.card
        if c then top_at = PLACE[c] end
      end
    end
  end

  local first = legal[1]
  if first == "accuse" then return keeper_reply(obs) end -- (the Keeper's reply: accuse or pass)

  local plays, cheats, throws, gifts, can_draw = 0, 0, 0, 0, false
  local cheat_moves, cheat_ats, play_moves, play_ats = cheat_moves, cheat_ats, play_moves, play_ats
  local give_moves, give_ats, give_to = give_moves, give_ats, give_to
  for i = 1, #legal do
    local m = legal[i]
    local x = code[m] or code_at(m)
    if x < 100 then -- CHEAT + place (the most frequent kind first: a cheat per card of the hand)
      cheats = cheats + 1
      cheat_moves[cheats] = m
      cheat_ats[cheats] = x
    elseif x < 200 then -- PLAY + place
      plays = plays + 1
      play_moves[plays] = m
      play_ats[plays] = x - 100
    elseif x >= 1000 then -- GIVE + 100 * seat + place
      local at = x % 100
      gifts = gifts + 1
      give_moves[gifts] = m
      give_ats[gifts] = at
      give_to[gifts] = (x - 1000 - at) / 100
    elseif x < 300 then -- THROW + place
      throws = throws + 1
      throw_moves[throws], throw_ats[throws] = m, x - 200
    elseif x == 300 then -- DRAW
      can_draw = true
    end
  end

  if throws > 0 then
    -- always throw: one card less and maybe the next turn; the least useful card of the value (the
    -- throws are of one value, so the hand's counts would not change which)
    return throw_moves[most_burden(throw_ats, throws, NO_COUNTS)]
  end

  -- a caught cheat costs two cards (the card back and the Keeper's gift), an unseen one saves one; a
  -- Mito leaves a non-Keeper's hand only by cheating, so that one is worth a larger risk, and any risk
  -- when it stands between us and going out (a cheat, when offered, is offered for every card of the
  -- hand, so a Mito in hand is a Mito we may cheat)
  -- how likely our next cheat is caught, from our own record (prior: the default detect chance)
  local q = (my_caught + 2 * DETECT) / (my_cheats + 2)
  local hand, cheat = nil, false -- (the hand is read only for a choice that weighs it)
  if cheats > 0 then
    hand = obs.zones.hand[me + 1].cards
    cheat = q < 0.4
    if not cheat and (q < 0.7 or #hand <= 3) then
      for i = 1, cheats do
        if MITO_AT[cheat_ats[i]] then cheat = true end
      end
    end
  end
  if gifts == 0 and not cheat then
    if plays == 0 then
      if can_draw then return "draw" end
      return first
    end
    if plays == 1 then return play_moves[1] end -- nothing to weigh
    hand = hand or obs.zones.hand[me + 1].cards
    if #hand == 1 then return play_moves[1] end -- going out
  end
  hand = hand or obs.zones.hand[me + 1].cards

  -- every choice left weighs the hand: its cards of each value, its Mitos at MITO_SLOT
  local counts, slot = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, SLOT
  for j = 1, #hand do
    local s = slot[hand[j]]
    counts[s] = counts[s] + 1
  end
  -- and a gift or a cheat the value of the pile's top card (nil: none; the pile is read only then)
  local tv
  if gifts > 0 or cheat then
    if top_at == nil then -- a line of play shown without events: the pile
      local dz = obs.zones.discard.cards
      top_at = dz[#dz] and PLACE[dz[#dz]]
    end
    tv = top_at and VALUE_AT[top_at]
  end

  if gifts > 0 then
    -- the card we need least; a Spider gift goes to the seat with the fewest cards
    return give_moves[most_burden(give_ats, gifts, counts, tv, give_to, fewest_other(obs))]
  end
  if cheat then
    -- cheat the card we want rid of most, unless it is our only play
    local only_play = plays == 1 and play_ats[1]
    return cheat_moves[most_burden(cheat_ats, cheats, counts, tv, nil, nil, only_play, hand)]
  end
  return play_moves[best_play(play_ats, plays, counts)]
end
