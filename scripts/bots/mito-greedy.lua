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
-- Speed: moves and card facts are read with the rules' own helpers (move_parts, card_facts: their
-- load-time tables; a cache of the bot's own would gain new string keys every game, as its globals
-- last one game), the hand's value counts in one call per decision (value_counts); each kind's
-- candidates are scored in one loop (a Lua call costs about as much as a candidate's score); the
-- hot loops index their lists (ipairs calls a function per step) and answer with the legal move's
-- own string.

local random = math.random -- library functions as locals: a global lookup goes through the sandbox

-- the rules' helpers (RULES.move_parts, RULES.card_facts, RULES.value_counts), looked up at the first
-- decision: `validate` loads a bot without RULES
local move_parts, card_facts, value_counts

local DETECT, FALSE_ALARM = 0.35, 0.05 -- the default MI-15 chances (a bot does not see the params)

-- memory (one environment per seat per game): accusations per seat
local guilty, accused = {}, {}
local my_cheats, my_caught = 0, 0
-- as Keeper: the latest private signal (MI-15), the seat it is about and whether it says "suspicious"
-- (the event carries what obs.vars.turn and obs.vars.signal say, without building obs.vars)
local signal_seat, suspicious = nil, nil

local function remember(obs)
  local ev, me = obs.events, obs.seat -- only the events logged since this bot's previous decision
  for i = 1, #ev do
    local e = ev[i]
    local t = e.type
    if t == "move" then -- (the most frequent event first)
      if e.seat == me and move_parts(e.move) == "cheat" then my_cheats = my_cheats + 1 end
    elseif t == "accusation" then
      local s = e.seat
      accused[s] = (accused[s] or 0) + 1
      if e.guilty then
        guilty[s] = (guilty[s] or 0) + 1
        if s == me then my_caught = my_caught + 1 end
      end
    elseif t == "signal" then
      signal_seat, suspicious = e.seat, e.suspicious
    end
  end
end

-- the card we most want rid of (cheat / give / throw) among ids[1..count]: its index, the first of
-- equals. The burden: Mitos most, then by penalty, isolated values first; counts are the hand's value
-- counts (value_counts), tv the value of the pile's top card (nil: none counts); a gift to seat
-- `target` (to[i], when to is given) weighs 0.5 more; the last copy of `keep` (our only play) in
-- `hand` 1000 less. (One loop scoring every candidate: a call per candidate costs as much as its score)
local function most_burden(ids, count, counts, tv, to, target, keep, hand)
  local best, bs = 1, nil
  for i = 1, count do
    local id = ids[i]
    local kind, value, penalty = card_facts(id)
    local b
    if kind == "mito" then
      b = 1000 + value
    else
      b = penalty * 10 - (counts[value] or 0) * 3
      if tv then
        local d = (value - tv) % 5 -- one above or below the top (values wrap at 5)
        if d == 1 or d == 4 then b = b - 8 end -- playable now: keep it
      end
      -- keep the powers that shed cards for us
      if kind == "spider" or kind == "ant" then b = b - 40 end
    end
    if to and to[i] == target then b = b + 0.5 end
    if id == keep then
      local copies = 0
      for j = 1, #hand do if hand[j] == id then copies = copies + 1 end end
      if copies == 1 then b = b - 1000 end
    end
    if bs == nil or b > bs then best, bs = i, b end
  end
  return best
end

local POWER = {spider = 40, ant = 30, cockroach = 8, gray = 0, mosquito = -5, mito = 60}

-- the play we like best among ids[1..count]: its index, the first of equals (counts: as above)
local function best_play(ids, count, counts)
  local best, bs = 1, nil
  for i = 1, count do
    local kind, value, penalty = card_facts(ids[i])
    local score = POWER[kind] or 0
    score = score + penalty * 2
    -- a Cockroach we can follow with our own throw sheds two cards
    if kind == "cockroach" and (counts[value] or 0) >= 2 then score = score + 25 end
    -- after this play the top is the card's value: keep cards that follow it for later turns
    score = score + (counts[value] or 0) * 2
    if bs == nil or score > bs then best, bs = i, score end
  end
  return best
end

-- the seat to burden with a gift: the one with the fewest cards when hand sizes are public; with them
-- hidden (MI-D7, only "has cards" shows) the next player, who is the nearest to playing again
local function fewest_other(obs)
  local best, bestc
  for s = 0, obs.players - 1 do
    if s ~= obs.seat then
      local c = obs.zones.hand[s + 1].count
      if c == nil then return (obs.seat + 1) % obs.players end
      if bestc == nil or c < bestc then best, bestc = s, c end
    end
  end
  return best
end

local function keeper_reply(obs)
  local s, signal = signal_seat, suspicious
  if s == nil then s, signal = obs.vars.turn, obs.vars.signal end -- a line of play shown without events
  signal_seat = nil
  local r = ((guilty[s] or 0) + 1) / ((accused[s] or 0) + 2) -- this seat's cheat rate, guessed
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

-- the value of the pile's top card (the discard pile is read only for the decisions that weigh it)
local function top_value(obs)
  local dz = obs.zones.discard.cards
  local top = dz[#dz]
  if top == nil then return nil end
  local _, value = card_facts(top)
  return value
end

-- the legal moves by kind, refilled at each decision (a bot's globals last one game): the ids of the
-- plays, cheats, throws and gifts, each with its move at the same index, and the seat each gift goes
-- to (entries past a kind's count are left from earlier decisions; plain lists and counts in locals,
-- as a table keyed by kind costs a hashed lookup per read)
local play_ids, cheat_ids, throw_ids, give_ids = {}, {}, {}, {}
local play_moves, cheat_moves, throw_moves, give_moves = {}, {}, {}, {}
local give_to = {}

function choose(obs, legal)
  if not move_parts then
    move_parts, card_facts, value_counts = RULES.move_parts, RULES.card_facts, RULES.value_counts
  end
  remember(obs)
  local first = legal[1]
  if first == "accuse" then return keeper_reply(obs) end -- (the Keeper's reply: accuse or pass)
  local hand = obs.zones.hand[obs.seat + 1].cards

  local plays, cheats, throws, gifts, can_draw = 0, 0, 0, 0, false
  for i = 1, #legal do
    local m = legal[i]
    local v, id, to = move_parts(m)
    if v == "cheat" then -- (the most frequent kind first: a cheat per card of the hand)
      cheats = cheats + 1
      cheat_moves[cheats], cheat_ids[cheats] = m, id
    elseif v == "play" then
      plays = plays + 1
      play_moves[plays], play_ids[plays] = m, id
    elseif v == "give" then
      gifts = gifts + 1
      give_moves[gifts], give_ids[gifts], give_to[gifts] = m, id, to
    elseif v == "throw" then
      throws = throws + 1
      throw_moves[throws], throw_ids[throws] = m, id
    elseif v == "draw" then
      can_draw = true
    end
  end

  -- the hand is the same for every candidate: its value counts and Mitos (a cheat, when offered, is
  -- offered for every card of the hand, so a Mito in hand is a Mito we may cheat)
  local counts, mitos = value_counts(hand)
  local mito_in_hand = mitos > 0

  if throws > 0 then
    -- always throw: one card less and maybe the next turn; the least useful card of the value
    return throw_moves[most_burden(throw_ids, throws, counts)]
  end

  if gifts > 0 then
    -- the card we need least; a Spider gift goes to the seat with the fewest cards
    local target, tv = fewest_other(obs), top_value(obs)
    return give_moves[most_burden(give_ids, gifts, counts, tv, give_to, target)]
  end

  -- a caught cheat costs two cards (the card back and the Keeper's gift), an unseen one saves one; a
  -- Mito leaves a non-Keeper's hand only by cheating, so that one is worth a larger risk, and any risk
  -- when it stands between us and going out
  -- how likely our next cheat is caught, from our own record (prior: the default detect chance)
  local q = (my_caught + 2 * DETECT) / (my_cheats + 2)
  if cheats > 0 and (q < 0.4 or (mito_in_hand and (q < 0.7 or #hand <= 3))) then
    -- cheat the card we want rid of most, unless it is our only play
    local tv, only_play = top_value(obs), plays == 1 and play_ids[1]
    return cheat_moves[most_burden(cheat_ids, cheats, counts, tv, nil, nil, only_play, hand)]
  end

  if plays > 0 then
    if plays == 1 or #hand == 1 then return play_moves[1] end -- nothing to weigh, or going out
    return play_moves[best_play(play_ids, plays, counts)]
  end
  if can_draw then return "draw" end
  return first
end
