-- A one-ply greedy bot for Zoomies. It reads only what its seat may see: the public events (every play,
-- each trick's winner and cards, each round's scores) and its own legal moves, which list its hand.
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
-- counted, the cards not seen yet are kept in a list updated as cards are seen (not sought in the
-- deck at each decision), a play is weighed only when its chance can change the choice, and the
-- scores, trick counts and the trick on the table are followed from the events (each of obs.vars,
-- obs.seat_vars, obs.scores and obs.zones is a table built in Go for the decision that reads it).

-- The rules' own helpers (scripts/zoomies/rules.lua, or a variant's replacements): what a move means,
-- the Goal and value after a play (ZM-5..ZM-8), which value wins (ZM-9), points per trick (ZM-11).
local move_info, play_effect, beats, trick_points =
  RULES.move_info, RULES.play_effect, RULES.beats, RULES.trick_points

local abs, max = math.abs, math.max -- library functions as locals: a global
-- lookup goes through the sandbox's __index on every use
local g = g -- the facts handle as a local too: the helpers take it on every call (a global is a lookup)

-- every card of the deck in catalogue order and its two readings, as flat lists made in Go
-- (g:card_list): the unseen ones are counted per decision. A double is the card whose readings are
-- one (ZM-1: 11, 22, ..., 99).
local DECK, DECK_LO, DECK_HI = g:card_list(), g:card_list("lo"), g:card_list("hi")

-- The cards this seat has not seen (not played in earlier tricks, not on the table, not in its hand),
-- kept up to date as cards are seen rather than sought among the whole deck at every decision (nil
-- until the first decision fills it; a bot handed another line of play starts over with a fresh
-- memory): POOL_LO[k], POOL_HI[k] are the readings of the k-th (in no particular order: only counts
-- are taken), POOL_AT[id] its place, 0 for a double (doubles are only counted, in pool_doubles). A
-- card leaves it for good: once seen, on the table or in my hand, it is played before the game ends.
local POOL_ID, POOL_LO, POOL_HI, POOL_AT, pool_size, pool_doubles
-- the deck's own lists (made in Go for this game, used once) become the pool, without copying them:
-- a card without readings leaves it, a double leaves it for its count
local function pool_fill()
  POOL_ID, POOL_LO, POOL_HI, POOL_AT, pool_size, pool_doubles = DECK, DECK_LO, DECK_HI, {}, #DECK, 0
  for i = 1, pool_size do POOL_AT[DECK[i]] = i end
  for i = pool_size, 1, -1 do -- from the end: the card moved into a place taken out is checked already
    local lo = POOL_LO[i]
    if not lo or lo == POOL_HI[i] then
      local id, last = POOL_ID[i], pool_size
      if lo then POOL_AT[id], pool_doubles = 0, pool_doubles + 1 else POOL_AT[id] = nil end
      if i ~= last then
        local moved = POOL_ID[last]
        POOL_ID[i], POOL_LO[i], POOL_HI[i] = moved, POOL_LO[last], POOL_HI[last]
        POOL_AT[moved] = i
      end
      pool_size = last - 1
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
  pool_size = last - 1 -- the entries past the end are left as they are: nothing reads them
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
  if c.lo == c.hi then
    POOL_AT[id], pool_doubles = 0, pool_doubles + 1
    return
  end
  pool_size = pool_size + 1
  POOL_ID[pool_size], POOL_LO[pool_size], POOL_HI[pool_size] = id, c.lo, c.hi
  POOL_AT[id] = pool_size
end

-- how extreme (useful for winning) a card is: its best reading's distance from the middle (by id,
-- noted when the card is first seen in my hand, from its readings in the pool; a double's at its
-- first play)
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

-- What the events told this seat (its memory lasts one game), read from them rather than from
-- obs.seat_vars, obs.vars, obs.scores and obs.zones (each such table is built in Go for the
-- decision that reads it): the round, each seat's points from finished rounds (SCORES) and tricks
-- won this round (TRICKS), by seat + 1, and the moves of the trick being played.
local me, players
local round, SCORES, TRICKS = 1, {0, 0, 0, 0}, {0, 0, 0, 0}
local pts, pts_round -- the points of a trick this round (ZM-11), asked once per round
local trick_moves, n_on = {}, 0

-- reads the events since my last decision; see: take the cards of finished tricks out of the pool.
-- A forced move does not (see is false): the cards of the tricks handed with it stay unseen for
-- this bot (its choices are pinned so), so those it had taken out when it saw them go back.
local function remember(events, see)
  for i = 1, #events do
    local e = events[i]
    local t = e.type
    if t == "move" then
      n_on = n_on + 1
      trick_moves[n_on] = e.move
    elseif t == "trick" then
      local w = e.winner + 1
      TRICKS[w] = TRICKS[w] + 1
      n_on = 0
      if see then
        take_seen(e.cards)
      elseif POOL_AT then
        local cards = e.cards
        for j = 1, #cards do
          if POOL_AT[cards[j]] == nil then pool_put(cards[j]) end
        end
      end
    elseif t == "round_end" then
      local scores = e.scores
      for s = 1, players do SCORES[s], TRICKS[s] = SCORES[s] + scores[s], 0 end
      round = round + 1
    end
  end
end

-- scratch lists of a decision, refilled at each one (a new Lua table allocates): the values on the
-- table, the hand sizes of later seats, what each legal move means
local VALUES, LATER, LEGAL_ID, LEGAL_DECL = {}, {}, {}, {}

-- whether I want the trick: taking it would still leave me strictly below the best other seat's
-- projected points (finished rounds + this round's tricks), or I am behind the second best
local function wants_trick(per_trick)
  local top_other, second_other = -1, -1
  for s = 1, players do -- by seat + 1
    if s ~= me + 1 then
      local proj = SCORES[s] + TRICKS[s] * per_trick
      if proj > top_other then
        second_other, top_other = top_other, proj
      elseif proj > second_other then
        second_other = proj
      end
    end
  end
  local mine = SCORES[me + 1] + TRICKS[me + 1] * per_trick
  return mine + per_trick < top_other or mine < second_other
end

function choose(obs, legal)
  if me == nil then me, players = obs.seat, obs.players end
  if #legal == 1 then
    remember(obs.events, false)
    return legal[1]
  end
  if not POOL_AT then pool_fill() end
  remember(obs.events, true)
  if pts_round ~= round then pts, pts_round = trick_points(g, round) or round, round end
  local want = wants_trick(pts)

  -- my hand: the cards of my legal moves (ZM-7: any card may be played, each listed with its
  -- readings), out of the pool of unseen cards; every seat still to play holds as many (one card
  -- per seat per trick)
  local nlegal, nhand, prev = #legal, 0, nil
  for i = 1, nlegal do
    local id, decl = move_info(g, legal[i])
    LEGAL_ID[i], LEGAL_DECL[i] = id, decl
    if id ~= prev then
      nhand, prev = nhand + 1, id
      local k = POOL_AT[id]
      if k then -- first seen: its potency from its readings while they are at hand (a double's later)
        if k > 0 then
          local p, hi = 100 - POOL_LO[k], POOL_HI[k]
          if hi > p then p = hi end
          POTENCY[id] = p
        end
        pool_take(id)
      end
    end
  end

  -- the trick as it stands: the values declared so far in play order (the rules' play_effect, as
  -- their on_move), the Goal they leave and the best of them under it; its cards are seen
  local goal, played, values = nil, n_on, VALUES
  for i = 1, played do
    local id, decl = move_info(g, trick_moves[i])
    if POOL_AT[id] then pool_take(id) end
    goal, values[i] = play_effect(g, goal, id, decl)
  end
  local best
  for i = 1, played do
    local v = values[i]
    if best == nil or beats(g, goal, v, best) then best = v end
  end
  local U, doubles = pool_size, pool_doubles
  local later, nlater = LATER, 0
  for _ = played + 1, players - 1 do
    nlater = nlater + 1
    later[nlater] = nhand
  end

  local choice, cval, ctie
  for i = 1, nlegal do
    local id = LEGAL_ID[i]
    local tie = POTENCY[id] or potency(id) -- the call only at a card's first play
    if want then tie = -tie end
    -- Once the choice has the best value there is (a chance of 1 wanting the trick, 0 not wanting
    -- it), a play can only take its place on a tie, so not with a weaker tie-break: skip weighing it.
    if not (cval and tie <= ctie and cval >= (want and 1 or 0) - 1e-9) then
      local val = play_value(g, goal, id, LEGAL_DECL[i], best, played, values, later, nlater, U, doubles)
      if not want then val = -val end
      if cval == nil or val > cval + 1e-9 or (abs(val - cval) <= 1e-9 and tie > ctie) then
        choice, cval, ctie = legal[i], val, tie
      end
    end
  end
  return choice
end
