-- A one-ply greedy bot for Zoomies. It reads only its observation: the public scores, the public trick
-- counts of this round, the trick on the table with each seat's declared value and the Goal, the cards
-- seen in earlier tricks (trick events) and its own hand.
--
-- Policy: the aim is to finish SECOND (ZM-12), so the bot wants a trick while taking it would still
-- leave it strictly below the best other seat's projected points, or while it is behind the second
-- best; otherwise it wants to lose the trick. For each legal play it estimates the chance that the
-- play wins the trick (winning now and no later player holding a card that could beat it), and
-- picks the play with the highest (wanting the trick) or lowest (not wanting it) chance; ties are
-- broken by shedding the least useful card when chasing tricks and the most dangerous one otherwise.
--
-- Speed: a decision weighs every unseen card against every legal play, so card facts are read from
-- flat lists (CARDS[id].lo reads two read-only tables), the doubles among the unseen cards are only
-- counted, the cards not played yet are kept in a list updated trick by trick (not sought in the
-- deck at each decision), and a play is weighed only when its chance can change the choice.

-- The rules' own helpers (scripts/zoomies/rules.lua, or a variant's replacements): what a move means,
-- the Goal and value after a play (ZM-5..ZM-8), which value wins (ZM-9), points per trick (ZM-11).
local move_info, play_effect, beats, trick_points =
  RULES.move_info, RULES.play_effect, RULES.beats, RULES.trick_points

local abs, max = math.abs, math.max -- library functions as locals: a global
-- lookup goes through the sandbox's __index on every use
local g = g -- the facts handle as a local too: the helpers take it on every call (a global is a lookup)

-- every card of the deck in catalogue order, its two readings and its kind, as flat lists made in Go
-- (g:card_list): the unseen ones are counted per decision
local DECK, DECK_LO, DECK_HI, DECK_KIND = g:card_list(), g:card_list("lo"), g:card_list("hi"), g:card_list("kind")

-- The cards this seat has not seen (not played in earlier tricks, not on the table, not in its hand),
-- kept up to date as cards are seen rather than sought among the whole deck at every decision (nil
-- until the first decision fills it; a bot handed another line of play starts over with a fresh
-- memory): POOL_LO[k], POOL_HI[k] are the readings of the k-th (in no particular order: only counts
-- are taken), POOL_AT[id] its place, 0 for a double (doubles are only counted, in pool_doubles). A
-- card leaves it for good: once seen, on the table or in my hand, it is played before the game ends.
local POOL_ID, POOL_LO, POOL_HI, POOL_AT, pool_size, pool_doubles
local function pool_fill()
  POOL_ID, POOL_LO, POOL_HI, POOL_AT, pool_size, pool_doubles = {}, {}, {}, {}, 0, 0
  for i = 1, #DECK do
    local id = DECK[i]
    if DECK_LO[i] then
      if DECK_KIND[i] == "double" then
        POOL_AT[id], pool_doubles = 0, pool_doubles + 1
      else
        pool_size = pool_size + 1
        POOL_ID[pool_size], POOL_LO[pool_size], POOL_HI[pool_size] = id, DECK_LO[i], DECK_HI[i]
        POOL_AT[id] = pool_size
      end
    end
  end
end

-- takes card id, which is in the pool, out of it (the last card takes its place)
local function pool_take(id)
  local k = POOL_AT[id]
  POOL_AT[id] = nil
  if k == 0 then
    pool_doubles = pool_doubles - 1
    return
  end
  local last = pool_size
  if k ~= last then
    local moved = POOL_ID[last]
    POOL_ID[k], POOL_LO[k], POOL_HI[k] = moved, POOL_LO[last], POOL_HI[last]
    POOL_AT[moved] = k
  end
  POOL_ID[last], POOL_LO[last], POOL_HI[last] = nil, nil, nil
  pool_size = last - 1
end

-- takes the cards of list that are still in the pool out of it (a lookup per card, a call only for
-- those taken: a Lua call costs about a dozen statements)
local function take_seen(list)
  for i = 1, #list do
    local id = list[i]
    if POOL_AT[id] then pool_take(id) end
  end
end

-- puts card id back into the pool, its readings read from CARDS (rare: see choose)
local function pool_put(id)
  local c = CARDS[id]
  if not c.lo then return end
  if c.kind == "double" then
    POOL_AT[id], pool_doubles = 0, pool_doubles + 1
    return
  end
  pool_size = pool_size + 1
  POOL_ID[pool_size], POOL_LO[pool_size], POOL_HI[pool_size] = id, c.lo, c.hi
  POOL_AT[id] = pool_size
end

-- how extreme (useful for winning) a card is: its best reading's distance from the middle (by id,
-- computed at a card's first play)
local POTENCY = {}
local function potency(id)
  local p = POTENCY[id]
  if p == nil then
    local c = CARDS[id]
    p = max(c.hi, 100 - c.lo)
    POTENCY[id] = p
  end
  return p
end

-- the chance that card id played with declaration decl wins the trick: 0 when it does not win it
-- now (the values played so far, the best of them under goal), else the chance that none of the
-- nlater seats after me (later[k] cards in hand) holds a card that could beat it: a reading of an
-- unseen card (U of them in POOL_LO/POOL_HI) beyond its value, or an unseen double (doubles of them:
-- it reverses the Goal); 1 when nobody plays after me. beats is pure, so the reading likelier to beat
-- is asked first (the high one under High): the other is asked only when it does not beat.
local function play_value(g, goal, id, decl, best, played, values, later, nlater, U, doubles)
  local g2, v = play_effect(g, goal, id, decl)
  if best ~= nil then
    -- re-evaluate the table under the (possibly reversed) goal
    local b = v
    for j = 1, played do
      local w = values[j]
      if beats(g, g2, w, b) then b = w end
    end
    if b ~= v then return 0 end
  end
  local p = 1
  local unseen = U + doubles
  if unseen > 0 and nlater > 0 then
    local beaters, first, second = doubles, POOL_HI, POOL_LO
    if g2 ~= "high" then first, second = POOL_LO, POOL_HI end
    local beats = beats -- a local: read for every unseen card
    for k = 1, U do
      if beats(g, g2, first[k], v) or beats(g, g2, second[k], v) then beaters = beaters + 1 end
    end
    for k = 1, nlater do p = p * (1 - beaters / unseen) ^ later[k] end
  end
  return p
end

-- scratch lists of a decision, refilled at each one (a new Lua table allocates): projected points
-- by seat, the values on the table, the hand sizes of later seats
local PROJ, VALUES, LATER = {}, {}, {}

function choose(obs, legal)
  if #legal == 1 then
    -- A forced move reads no event: the cards of the tricks handed with it stay unseen for this bot
    -- (its choices are pinned so), so those it had taken out of the pool when seen go back.
    if POOL_AT then
      local events = obs.events
      for i = 1, #events do
        local e = events[i]
        if e.type == "trick" then
          local cards = e.cards
          for j = 1, #cards do
            if POOL_AT[cards[j]] == nil then pool_put(cards[j]) end
          end
        end
      end
    end
    return legal[1]
  end
  local me, n = obs.seat, obs.players
  local vars = obs.vars
  local round = vars.round or 1
  local pts = trick_points(g, round) or round
  local seat_vars = obs.seat_vars

  -- projected points so far (scores of finished rounds + this round's tricks)
  local proj = PROJ
  local scores = obs.scores
  for s = 0, n - 1 do
    proj[s] = scores[s + 1] + (seat_vars[s + 1].round_tricks or 0) * pts
  end
  local top_other, second_other = -1, -1
  for s = 0, n - 1 do
    if s ~= me then
      if proj[s] > top_other then
        second_other, top_other = top_other, proj[s]
      elseif proj[s] > second_other then
        second_other = proj[s]
      end
    end
  end
  local want = proj[me] + pts < top_other or proj[me] < second_other

  -- cards not seen by this seat: obs.events holds only the events since this bot's last decision, so
  -- the unseen cards are remembered in the pool (the bot's memory lasts one game)
  local zones = obs.zones
  local table_cards = zones.trick.cards or {}
  local hands = zones.hand
  local hand = hands[me + 1].cards or {}
  if not POOL_AT then pool_fill() end
  local events = obs.events
  for i = 1, #events do
    local e = events[i]
    if e.type == "trick" then take_seen(e.cards) end
  end
  take_seen(table_cards)
  take_seen(hand)
  local U, doubles = pool_size, pool_doubles

  -- the trick as it stands: the values declared so far, the best of them and the Goal
  local leader = vars.leader
  local goal = vars.goal
  local played = #table_cards
  local values = VALUES
  local best
  for i = 1, played do
    local v = seat_vars[(leader + i - 1) % n + 1].value
    values[i] = v
    if best == nil or beats(g, goal, v, best) then best = v end
  end
  -- the hand sizes of the seats still to play after me
  local later, nlater = LATER, 0
  for k = played + 1, n - 1 do
    local s = (me + k - played) % n
    nlater = nlater + 1
    later[nlater] = hands[s + 1].count
  end

  local choice, cval, ctie
  for i = 1, #legal do
    local m = legal[i]
    local id, decl = move_info(g, m)
    local tie = POTENCY[id] or potency(id) -- the call only at a card's first play
    if want then tie = -tie end
    -- Once the choice has the best value there is (a chance of 1 wanting the trick, 0 not wanting
    -- it), a play can only take its place on a tie, so not with a weaker tie-break: skip weighing it.
    if not (cval and tie <= ctie and cval >= (want and 1 or 0) - 1e-9) then
      local val = play_value(g, goal, id, decl, best, played, values, later, nlater, U, doubles)
      if not want then val = -val end
      if cval == nil or val > cval + 1e-9 or (abs(val - cval) <= 1e-9 and tie > ctie) then
        choice, cval, ctie = m, val, tie
      end
    end
  end
  return choice
end
