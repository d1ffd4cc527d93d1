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
-- Speed: a decision weighs every unseen card against every legal play, so what never changes is
-- worked out once, when the script loads (each seat and game starts from a copy of what it left):
-- every card's facts by its place in the catalogue, what every move means and does under each Goal
-- (asked of the rules' helpers then, not at each play), and the order in which the rules' beats ranks
-- the values under each Goal. The unseen cards that could beat a play are then counted from tallies
-- by rank kept up to date as cards are seen, not by calling beats for each card (a Lua call costs
-- several hundred machine instructions, a Lua instruction about a hundred, a string-keyed read a Go
-- map lookup). The doubles among them are only counted, a play is weighed only when its chance can
-- change the choice, the hand is read once per round, and the scores, trick counts and the trick on
-- the table are followed from the events (obs.vars, obs.seat_vars, obs.scores and obs.zones are
-- each a table built in Go for the decision that reads it).

-- The rules' own helpers (scripts/zoomies/rules.lua, or a variant's replacements): what a move means,
-- the Goal and value after a play (ZM-5..ZM-8), which value wins (ZM-9), points per trick (ZM-11),
-- and a card's moves (Notation).
local move_info, play_effect, beats, trick_points, card_moves =
  RULES.move_info, RULES.play_effect, RULES.beats, RULES.trick_points, RULES.card_moves

local max = math.max -- a library function as a local: a global lookup goes through the sandbox's __index
local g = g -- the facts handle as a local too: the helpers take it on every call (a global is a lookup)

-- Every card of the deck in catalogue order (flat lists made in Go by g:card_list): the card at place
-- k has id DECK[k] and readings LO[k], HI[k] (false without readings; a double's are one, ZM-1: 11,
-- 22, ..., 99). The bot names a card by its place (PLACE[id]): a list is read at full speed, while a
-- string key is a map lookup and a new one a map entry.
local DECK, LO, HI = g:card_list(), g:card_list("lo"), g:card_list("hi")
local PLACE = {}
-- how extreme (useful for winning) each card is: its best reading's distance from the middle
local POTENCY = {}
for k = 1, #DECK do
  PLACE[DECK[k]] = k
  if LO[k] then POTENCY[k] = max(HI[k], 100 - LO[k]) end
end

-- Every move of the deck, learnt once when the script loads: RULES.card_moves lists a card's moves,
-- move_info says what each means and play_effect what it does. MOVE[move] is its number m, MOVE_K[m]
-- its card's place, MOVE_NAME[m] the move, and EFFECT_GOAL[s][m], EFFECT_VALUE[s][m] the Goal and
-- value it leaves played onto a trick in state s (GOAL[goal]: 1 the Goal is High, 2 Low; LEAD: it
-- leads). A decision reads these lists instead of calling the helpers for each play (a call with its
-- table reads costs about a thousand machine instructions); a move they do not list (a variant's), or
-- a Goal a variant adds, is asked of the helpers when it comes.
local MOVE, MOVE_K, MOVE_NAME = {}, {}, {}
-- ZM-5's two Goals by number (the one table keyed by a Goal: each string-keyed table costs two Go
-- maps to copy for every seat and game), and the state of a trick no card was played to yet
local GOAL, LEAD = {high = 1, low = 2}, 3
local EFFECT_GOAL, EFFECT_VALUE = {{}, {}, {}}, {{}, {}, {}}
local function learn(move)
  local m = #MOVE_K + 1
  local id, decl = move_info(g, move)
  MOVE[move], MOVE_K[m], MOVE_NAME[m] = m, PLACE[id], move
  for s, goal in ipairs({"high", "low", false}) do -- each state's Goal (false: none yet, LEAD)
    -- a variant's helper may refuse a play no trick in that state takes (a double's follow move,
    -- led): left unknown (nil), such a play is asked of the helper if it ever comes
    local ok, g2, v = pcall(play_effect, g, goal or nil, id, decl)
    if ok then EFFECT_GOAL[s][m], EFFECT_VALUE[s][m] = g2, v end
  end
  return m
end
if card_moves then
  for k = 1, #DECK do
    for _, leads in ipairs({true, false}) do
      local m1, m2 = card_moves(g, DECK[k], leads)
      if m1 and not MOVE[m1] then learn(m1) end
      if m2 and not MOVE[m2] then learn(m2) end
    end
  end
end

-- The cards this seat has not seen (not played in earlier tricks, not on the table, not in its hand),
-- kept up to date as cards are seen rather than sought among the whole deck at every decision:
-- UNSEEN[k] says whether card k is (a card without readings never is); unseen counts those that are
-- not doubles, doubles the doubles (they are only counted). A card leaves for good: once seen, on the
-- table or in my hand, it is played before the game ends.
local UNSEEN, unseen, doubles = {}, 0, 0
for k = 1, #DECK do
  UNSEEN[k] = LO[k] ~= false
  if LO[k] and LO[k] == HI[k] then
    doubles = doubles + 1
  elseif LO[k] then
    unseen = unseen + 1
  end
end

-- ZM-9: beats orders the values (a trick has one winner whatever order its cards came in), so under
-- each of ZM-5's two Goals the order is read from it once: RANK[gi][value] is the value's place from
-- the worst (1) to the best (NV) under the Goal numbered gi (GOAL), BEST[gi][k] the rank of card k's
-- better reading, UNSEEN_AT[gi][r] 1 while the card (not a double) whose better reading ranks r is
-- unseen, else 0, and UNSEEN_IN[gi][t] how many of those rank in the t-th ten (TEN[r] = t). A reading
-- beats a value exactly when it ranks above it, so the unseen cards that could beat a value are
-- counted over the rest of its ten and the tens above, not by calling beats for each card.
local VALUES = {} -- every reading of the deck, once
for k = 1, #DECK do
  if LO[k] then
    VALUES[#VALUES + 1] = LO[k]
    if HI[k] ~= LO[k] then VALUES[#VALUES + 1] = HI[k] end
  end
end
local NV = #VALUES
local NTENS = math.ceil(NV / 10)
local TEN = {}
for r = 1, NTENS * 10 do TEN[r] = math.ceil(r / 10) end
local RANK, BEST, UNSEEN_AT, UNSEEN_IN = {}, {}, {}, {} -- by Goal's number (GOAL)
for gi, goal in ipairs({"high", "low"}) do
  local sorted = {}
  for i = 1, NV do sorted[i] = VALUES[i] end
  table.sort(sorted, function(a, b) return beats(g, goal, b, a) end)
  local rank, best, at, tens = {}, {}, {}, {}
  for r = 1, NTENS * 10 do at[r] = 0 end -- the last ten padded: a count reads it whole
  for t = 1, NTENS do tens[t] = 0 end
  for r = 1, NV do rank[sorted[r]] = r end
  for k = 1, #DECK do
    best[k] = 0 -- 0 for a double (see take)
    if LO[k] and LO[k] ~= HI[k] then
      local r = max(rank[LO[k]], rank[HI[k]])
      best[k], at[r], tens[TEN[r]] = r, 1, tens[TEN[r]] + 1
    end
  end
  RANK[gi], BEST[gi], UNSEEN_AT[gi], UNSEEN_IN[gi] = rank, best, at, tens
end
-- as locals: every card seen updates both Goals' tallies (see take)
local BEST_HIGH, BEST_LOW, AT_HIGH, AT_LOW, IN_HIGH, IN_LOW =
  BEST[1], BEST[2], UNSEEN_AT[1], UNSEEN_AT[2], UNSEEN_IN[1], UNSEEN_IN[2]

-- marks card k, unseen so far, seen
local function take(k)
  UNSEEN[k] = false
  local r = BEST_HIGH[k]
  if r == 0 then -- a double: it is only counted
    doubles = doubles - 1
    return
  end
  unseen = unseen - 1
  local TEN = TEN -- an upvalue read twice, as a local (reading a local costs no instruction)
  local t = TEN[r]
  AT_HIGH[r], IN_HIGH[t] = 0, IN_HIGH[t] - 1
  r = BEST_LOW[k]
  t = TEN[r]
  AT_LOW[r], IN_LOW[t] = 0, IN_LOW[t] - 1
end

-- marks card k, which has readings and was seen, unseen again (rare: see remember)
local function put(k)
  UNSEEN[k] = true
  local r = BEST_HIGH[k]
  if r == 0 then -- a double
    doubles = doubles + 1
    return
  end
  unseen = unseen + 1
  local t = TEN[r]
  AT_HIGH[r], IN_HIGH[t] = 1, IN_HIGH[t] + 1
  r = BEST_LOW[k]
  t = TEN[r]
  AT_LOW[r], IN_LOW[t] = 1, IN_LOW[t] + 1
end

-- how many unseen cards could beat value v under goal g2, doubles included (one reverses the Goal),
-- or nil when a value on the table (values[1..played]) beats it already: for a Goal a variant adds
-- (not one of ZM-5's), beats is asked of each card's readings
local function beaters_by_beats(g2, v, played, values)
  for j = 1, played do
    if beats(g, g2, values[j], v) then return nil end
  end
  local n = doubles
  for k = 1, #DECK do
    if UNSEEN[k] and LO[k] ~= HI[k] and (beats(g, g2, HI[k], v) or beats(g, g2, LO[k], v)) then
      n = n + 1
    end
  end
  return n
end

-- What the events told this seat (its memory lasts one game), read from them rather than from
-- obs.seat_vars, obs.vars, obs.scores and obs.zones (each such table is built in Go for the
-- decision that reads it): the round, each seat's points from finished rounds (SCORES) and tricks
-- won this round (TRICKS), by seat + 1, and the moves of the trick being played.
local me, players
local round, SCORES, TRICKS = 1, {0, 0, 0, 0}, {0, 0, 0, 0}
local pts -- the points of a trick this round (ZM-11), asked once per round (read_hand)
-- the moves of the trick being played (by number: MOVE), and how many of the first of them a forced
-- move left unseen (see remember)
local trick_moves, n_on, n_unseen = {}, 0, 0

-- reads the events since my last decision; see: take the card of every play out of the pool as it
-- comes. A forced move does not (see is false): the cards of the tricks handed with it stay unseen
-- for this bot (its choices are pinned so), so those it had taken out when it saw them go back, and
-- the plays of the trick being played are taken out only when their trick ends.
local function remember(events, see)
  -- upvalues the loop reads or writes, as locals: see take
  local MOVE, MOVE_K, UNSEEN, trick_moves, on = MOVE, MOVE_K, UNSEEN, trick_moves, n_on
  for i = 1, #events do
    local e = events[i]
    local t = e.type
    if t == "move" then
      local move = e.move
      local m = MOVE[move] or learn(move)
      on = on + 1
      trick_moves[on] = m
      if see then
        local k = MOVE_K[m]
        if UNSEEN[k] then take(k) end
      end
    elseif t == "trick" then
      local w = e.winner + 1
      TRICKS[w] = TRICKS[w] + 1
      if not see then
        local cards = e.cards
        for j = 1, #cards do
          local k = PLACE[cards[j]]
          if not UNSEEN[k] and LO[k] then put(k) end
        end
      else
        for j = 1, n_unseen do
          local k = MOVE_K[trick_moves[j]]
          if UNSEEN[k] then take(k) end
        end
      end
      on, n_unseen = 0, 0
    elseif t == "round_end" then
      local scores = e.scores
      for s = 1, players do SCORES[s], TRICKS[s] = SCORES[s] + scores[s], 0 end
      round = round + 1
    end
  end
  n_on = on
  if not see then n_unseen = on end
end

-- whether I want the trick: taking it would still leave me strictly below the best other seat's
-- projected points (finished rounds + this round's tricks), or I am behind the second best
local function wants_trick(per_trick)
  local SCORES, TRICKS, mine = SCORES, TRICKS, me + 1 -- by seat + 1
  local top_other, second_other = -1, -1
  for s = 1, players do
    if s ~= mine then
      local proj = SCORES[s] + TRICKS[s] * per_trick
      if proj > top_other then
        second_other, top_other = top_other, proj
      elseif proj > second_other then
        second_other = proj
      end
    end
  end
  local my_proj = SCORES[mine] + TRICKS[mine] * per_trick
  return my_proj + per_trick < top_other or my_proj < second_other
end

-- the trick as it stands: the values declared so far in play order into VALUES_ON (the rules'
-- play_effect, as their on_move); returns the Goal they leave and its state (GOAL: nil for a Goal a
-- variant adds).
local VALUES_ON = {} -- refilled at each decision (a new Lua table allocates)
local function read_trick()
  local goal, s = nil, LEAD
  for i = 1, n_on do
    local m = trick_moves[i]
    local g2 = s and EFFECT_GOAL[s][m]
    if g2 then
      VALUES_ON[i] = EFFECT_VALUE[s][m]
    else
      local id, decl = move_info(g, MOVE_NAME[m])
      g2, VALUES_ON[i] = play_effect(g, goal, id, decl)
    end
    goal, s = g2, GOAL[g2]
  end
  return goal, s
end

-- my first decision of a round: my hand is the cards of my legal moves (ZM-7: any card may be played,
-- each listed with its readings); they leave the pool of unseen cards here, once, for the round (a
-- card of my hand is seen until I play it). Sets nhand, the cards I hold, and pts, the points of a
-- trick this round (ZM-11).
local hand_round, nhand -- the round whose hand was read, and how many cards I hold now
local function read_hand(legal, nlegal)
  local MOVE, MOVE_K, UNSEEN = MOVE, MOVE_K, UNSEEN -- upvalues the loop reads: see take
  local prev
  nhand = 0
  for i = 1, nlegal do
    local move = legal[i]
    local k = MOVE_K[MOVE[move] or learn(move)]
    if k ~= prev then
      nhand, prev = nhand + 1, k
      if UNSEEN[k] then take(k) end
    end
  end
  hand_round, pts = round, trick_points(g, round) or round
end

-- the highest rank under a Goal's order (rank) among the values on the table (values[1..played]),
-- 0 when none: a play whose value ranks below it does not win the trick now
local function top_rank(rank, values, played)
  local top = 0
  for j = 1, played do
    local q = rank[values[j]]
    if q > top then top = q end
  end
  return top
end

-- The play I make: for each legal play, the chance it wins the trick: 0 when it does not win it now
-- (a value on the table ranks above it under the Goal the play leaves), else the chance that none of
-- the nlater seats after me (nhand cards in hand each, as I: one card per seat per trick) holds a card
-- that could beat it: an unseen card with a reading ranked above its value, or an unseen double (it
-- reverses the Goal); 1 when nobody plays after me. The highest chance when I want the trick, else
-- the lowest; ties to the higher tie-break: the card's potency, negated when I want the trick (then
-- the least useful card goes first). One loop, with no call per play but for a move or a Goal a
-- variant adds (a Lua call costs several hundred machine instructions).
local function best_play(legal, nlegal, want, goal, state)
  -- upvalues the loop reads, as locals: see take
  local MOVE, MOVE_K, POTENCY = MOVE, MOVE_K, POTENCY
  local effect_goal, effect_value = EFFECT_GOAL[state], EFFECT_VALUE[state]
  local played, values = n_on, VALUES_ON
  local nlater, n = players - 1 - played, unseen + doubles
  local nhand, doubles, unseen, NTENS = nhand, doubles, unseen, NTENS
  local target = want and 1 - 1e-9 or -1e-9 -- the best value a play can have
  local choice, cval, ctie, prev, tie
  local last_g2, rank, at, tens, top -- the Goal of the last play weighed, and its tallies
  for i = 1, nlegal do
    local move = legal[i]
    local m = MOVE[move] or learn(move)
    local k = MOVE_K[m]
    if k ~= prev then
      prev, tie = k, POTENCY[k]
      if want then tie = -tie end
    end
    -- Once the choice has the best value there is (a chance of 1 wanting the trick, 0 not wanting
    -- it), a play can only take its place on a tie, so not with a weaker tie-break: skip weighing it.
    if not (cval and tie <= ctie and cval >= target) then
      local g2, v = effect_goal and effect_goal[m], nil
      if g2 then
        v = effect_value[m]
      else
        local id, decl = move_info(g, move)
        g2, v = play_effect(g, goal, id, decl)
      end
      if g2 ~= last_g2 then -- the plays of one decision leave one or two Goals
        local gi = GOAL[g2]
        last_g2, rank, at, tens = g2, RANK[gi], UNSEEN_AT[gi], UNSEEN_IN[gi]
        if rank then top = top_rank(rank, values, played) end
      end
      local beaters -- false when the play does not win the trick now
      if rank == nil then
        beaters = beaters_by_beats(g2, v, played, values) or false
      else
        local r = rank[v]
        if r < top then
          beaters = false
        elseif nlater > 0 then
          -- the unseen cards ranked above r: the rest of r's ten, then the tens above, each counted
          -- from its nearer end (the ten's count less those up to r; all less the tens up to r's)
          local t = TEN[r]
          local last = t * 10
          beaters = doubles
          if last - r <= 5 then
            for s = r + 1, last do beaters = beaters + at[s] end
          else
            beaters = beaters + tens[t]
            for s = last - 9, r do beaters = beaters - at[s] end
          end
          if NTENS - t <= t then
            for u = t + 1, NTENS do beaters = beaters + tens[u] end
          else
            beaters = beaters + unseen
            for u = 1, t do beaters = beaters - tens[u] end
          end
        end
      end
      local val = 0
      if beaters ~= false then
        val = 1
        if n > 0 and nlater > 0 then
          local miss = (1 - beaters / n) ^ nhand -- the chance one later seat holds no beater
          val = miss -- exactly 1 * miss: one multiplication (and loop step) fewer
          for _ = 2, nlater do val = val * miss end
        end
      end
      if not want then val = -val end
      local d = cval and val - cval
      if cval == nil or d > 1e-9 or (d <= 1e-9 and d >= -1e-9 and tie > ctie) then
        choice, cval, ctie = legal[i], val, tie
      end
    end
  end
  return choice
end

function choose(obs, legal)
  if me == nil then me, players = obs.seat, obs.players end
  local nlegal = #legal
  if nlegal == 1 then
    remember(obs.events, false)
    return legal[1]
  end
  remember(obs.events, true)
  if hand_round ~= round then read_hand(legal, nlegal) end
  local want = wants_trick(pts)
  local choice = best_play(legal, nlegal, want, read_trick())
  nhand = nhand - 1 -- the card I play
  return choice
end
