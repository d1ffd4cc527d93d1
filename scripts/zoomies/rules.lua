-- Zoomies rules (variants/zoomies/RULES.md, ids ZM-n). The tricks are driven from Lua with g:ask,
-- because each play also declares which of the card's two numbers is in play (ZM-5..ZM-7).
--
-- State (all in Go): game values `round`, `leader` (who led the trick in progress), `goal`
-- ("high" | "low", public), `last_winner`; per seat `value` (the number it declared in the trick in
-- progress, public), `tricks` (tricks won in the game, public) and `round_tricks` (this round, public).

-- library functions as locals: a global lookup goes through the sandbox's __index on every use
local ipairs, pairs, type, tostring, tonumber, error = ipairs, pairs, type, tostring, tonumber, error
local CARDS = CARDS

local function is_double(c) return c.kind == "double" end

-- ZM-2: always 4 players (setup stops any other count)
local PLAYERS = 4

-- the params, read once here (PARAMS: they never change within an engine) rather than with a g:param
-- call each round; setup checks them
local HAND_SIZES, TRICK_POINTS = PARAMS.hand_sizes, PARAMS.trick_points
local ROUND_LEADER, SECOND_PLACE = PARAMS.round_leader, PARAMS.second_place

-- ZM-1 / Notation: every move string, built once at load time (immutable data only, in flat tables of
-- strings and numbers, which hooks read at the cost of a plain table):
-- LEAD_1[id], LEAD_2[id] / FOLLOW_1[id], FOLLOW_2[id] the moves of a card when it leads / follows (the
-- second is nil for a card with one move), and what each move means: MOVE_ID[move] the card id and
-- MOVE_DECL[move] its declaration ("high"/"low" for a led double, a number, or nil for a double that
-- is not led).
local LEAD_1, LEAD_2, FOLLOW_1, FOLLOW_2, MOVE_ID, MOVE_DECL = {}, {}, {}, {}, {}, {}
-- LO[id], HI[id] its two numbers and DOUBLE[id] true for a double: the card facts every play reads,
-- in flat tables (a CARDS[id].lo read costs two lookups through the read-only CARDS)
local LO, HI, DOUBLE = {}, {}, {}
for id, c in pairs(CARDS) do
  if type(c) == "table" and c.lo then
    LO[id], HI[id], DOUBLE[id] = c.lo, c.hi, is_double(c)
    local p = "play " .. id
    if is_double(c) then
      LEAD_1[id], LEAD_2[id] = p .. " high", p .. " low" -- ZM-6
      MOVE_ID[p .. " high"], MOVE_DECL[p .. " high"] = id, "high"
      MOVE_ID[p .. " low"], MOVE_DECL[p .. " low"] = id, "low"
      FOLLOW_1[id] = p -- ZM-8: a double that is not led has one value and no choice
      MOVE_ID[p] = id
    else
      local lo, hi = p .. " " .. c.lo, p .. " " .. c.hi -- ZM-5 / ZM-7
      LEAD_1[id], LEAD_2[id], FOLLOW_1[id], FOLLOW_2[id] = lo, hi, lo, hi
      MOVE_ID[lo], MOVE_DECL[lo] = id, c.lo
      MOVE_ID[hi], MOVE_DECL[hi] = id, c.hi
    end
  end
end

-- Pure rule helpers (they read only their arguments and CARDS, so bots call them as RULES.name(g, ...)
-- and follow a variant that replaces them).

-- what `move` means: returns the card id and its declaration ("high", "low", a number, or nil; see MOVE_ID)
function move_info(g, move)
  return MOVE_ID[move], MOVE_DECL[move]
end

-- Notation: the moves of card `id` as the plays ask them, when it leads (`leads` true) or follows:
-- one or two move strings (the second nil), so a bot can learn every move once, when it loads
function card_moves(g, id, leads)
  if leads then return LEAD_1[id], LEAD_2[id] end
  return FOLLOW_1[id], FOLLOW_2[id]
end

-- ZM-5..ZM-8: returns the Goal and the value in play after card `id` is played with declaration
-- `decl` onto a trick whose Goal is `goal` (nil: the card leads)
function play_effect(g, goal, id, decl)
  if goal == nil then
    if DOUBLE[id] then return decl, LO[id] end -- ZM-6: the leader of a double declares High or Low
    return decl == HI[id] and "high" or "low", decl -- ZM-5: the higher number sets High, the lower Low
  end
  if DOUBLE[id] then return goal == "high" and "low" or "high", LO[id] end -- ZM-8: reverses the Goal
  return goal, decl -- ZM-7: any card, any reading
end

-- ZM-9: true when value a beats value b under the Goal `goal` ("high" or "low"; values are distinct)
function beats(g, goal, a, b)
  if goal == "high" then return a > b end
  return a < b
end

-- ZM-11: the points each trick won in round `round` (1..3) scores: a number (param trick_points)
function trick_points(g, round)
  return TRICK_POINTS[round]
end

-- The plays ask with g:ask_cards: every card's one or two moves, in hand order, listed in Go from the
-- tables built at load time (a Lua loop over g:cards building the list costs several times more):
-- LEAD_1, LEAD_2 for the trick's first card, FOLLOW_1, FOLLOW_2 for the others.

-- PLAY_MARK[id] / LEAD_MARK[id]: the rule a card played into a trick follows (ZM-7 / ZM-8) and the one
-- it follows when it leads (ZM-5 / ZM-6)
local PLAY_MARK, LEAD_MARK = {}, {}
for id in pairs(LO) do
  PLAY_MARK[id], LEAD_MARK[id] = DOUBLE[id] and "ZM-8" or "ZM-7", DOUBLE[id] and "ZM-6" or "ZM-5"
end

local function param_list(g, name, n)
  local v = PARAMS[name]
  if type(v) ~= "table" or #v ~= n then
    error(string.format("params.%s must be a list of %d numbers", name, n), 0)
  end
  return v
end

-- deal one card at a time, clockwise from seat 0, from the top of the deck (ZM-3)
local function deal(g, round)
  local n = PLAYERS
  local size = HAND_SIZES[round]
  if g:count("deck") < size * n then
    error(string.format("round %d: %d cards left in the deck, %d needed", round, g:count("deck"), size * n), 0)
  end
  g:deal("deck", nil, "hand", size) -- one g:move_top per card, in one call
  for seat = 0, n - 1 do g:sort("hand", seat) end
end

local function start_round(g, round, leader)
  g:set("round", round)
  g:sset_all("round_tricks", 0)
  if round > 1 or g:fixed("hands") == nil then
    g:rule("ZM-3")
    deal(g, round)
  end
  g:set_values("leader", leader, "goal", nil) -- two values in one call
  g:ask_cards(leader, "hand", leader, LEAD_1, LEAD_2)
end

-- checks that every id of a fixed list is a card still in the deck, and marks it used
-- (a double may be written as a YAML number: 22). Returns the ids as strings.
local function check_cards(g, key, list, used)
  if type(list) ~= "table" then error(key .. ": expected a list of card ids", 0) end
  local ids = {}
  for i, id in ipairs(list) do
    if type(id) == "number" and id == math.floor(id) then id = string.format("%d", id) end
    ids[i] = id
    if type(id) ~= "string" or not g:is_card(id) then
      error(string.format("%s[%d]: no card %s (card ids spell the smaller reading first: 1|10, 45|54, 22)", key, i - 1, tostring(id)), 0)
    end
    if used[id] then
      error(string.format("%s[%d]: card %s is fixed twice", key, i - 1, id), 0)
    end
    used[id] = true
  end
  return ids
end

-- ZM-2..ZM-4: checks 4 players and the params, removes cards, deals round 1 and asks the first
-- leader to play (hook, called once)
function setup(g)
  local n = g:players()
  if n ~= 4 then error("Zoomies is for exactly 4 players", 0) end -- ZM-2
  local sizes = param_list(g, "hand_sizes", 3)
  param_list(g, "trick_points", 3)
  local nremoved = PARAMS.removed
  local dealt = 0
  for _, s in ipairs(sizes) do dealt = dealt + s * n end
  if dealt + nremoved > g:count("deck") then
    error(string.format("params: %d cards dealt and %d removed, but the deck has %d", dealt, nremoved, g:count("deck")), 0)
  end

  local used = {}
  -- setup.hands: the round 1 hands
  local hands = g:fixed("hands")
  if hands then
    if #hands ~= n then error(string.format("setup.hands: %d hands for %d players", #hands, n), 0) end
    for seat = 0, n - 1 do
      local h = hands[seat + 1]
      if type(h) ~= "table" or #h ~= sizes[1] then
        error(string.format("setup.hands[%d]: %d cards, but round 1 deals %d to each player", seat, type(h) == "table" and #h or 0, sizes[1]), 0)
      end
      hands[seat + 1] = check_cards(g, string.format("setup.hands[%d]", seat), h, used)
    end
  end
  -- setup.removed: the unused cards (ZM-2)
  local removed = g:fixed("removed")
  if removed then
    if #removed ~= nremoved then
      error(string.format("setup.removed: %d cards, but %d are removed", #removed, nremoved), 0)
    end
    removed = check_cards(g, "setup.removed", removed, used)
  end
  -- setup.deck: the order the rest is dealt in (a prefix; the cards after it are shuffled)
  local deck = g:fixed("deck")
  if deck then
    deck = check_cards(g, "setup.deck", deck, used)
    local rest = dealt - (hands and sizes[1] * n or 0)
    if #deck > rest then
      error(string.format("setup.deck: %d cards, but only %d are dealt%s", #deck, rest, hands and " after the fixed hands" or ""), 0)
    end
  end

  if hands then
    for seat = 0, n - 1 do
      for _, id in ipairs(hands[seat + 1]) do g:move(id, "deck", nil, "hand", seat) end
      g:sort("hand", seat)
    end
  end
  if removed then
    for _, id in ipairs(removed) do g:move(id, "deck", nil, "removed", nil) end
  end
  -- ZM-2: shuffle; the top cards (none of the fixed deck order) are removed face down
  g:rule("ZM-2")
  g:shuffle("deck")
  if not removed and not deck then
    g:move_top("deck", nil, "removed", nil, nremoved) -- the top cards, one by one (as the loop below)
  elseif not removed then
    local fixed = {}
    for _, id in ipairs(deck) do fixed[id] = true end
    local cards = g:cards("deck")
    local taken = 0
    for i = #cards, 1, -1 do
      if taken == nremoved then break end
      if not fixed[cards[i]] then
        g:move(cards[i], "deck", nil, "removed", nil)
        taken = taken + 1
      end
    end
  end
  if deck then
    -- deck[1] ends on top: it is dealt first
    for i = #deck, 1, -1 do g:move(deck[i], "deck", nil, "deck", nil) end
  end

  g:sset_all("tricks", 0)
  -- ZM-4: the first leader is chosen at random (seeded) unless the scenario fixes it
  local leader = g:fixed("leader")
  if leader == nil then
    g:rule("ZM-4")
    leader = g:random(n, "first_player") - 1
  elseif leader < 0 or leader >= n then
    error(string.format("setup.leader: no seat %d", leader), 0)
  end
  start_round(g, 1, leader)
end

local function finish_game(g)
  local n = PLAYERS
  local score = {} -- each seat's total, read once (the loops below read them again)
  for seat = 0, n - 1 do score[seat + 1] = g:score(seat) end
  -- ZM-12 / ZM-13 (ZM-D2): every player tied for the most points is eliminated
  local top
  for seat = 0, n - 1 do top = top and math.max(top, score[seat + 1]) or score[seat + 1] end
  local ntop = 0
  local below -- the highest score strictly below the top
  for seat = 0, n - 1 do
    local s = score[seat + 1]
    if s == top then
      ntop = ntop + 1
    elseif below == nil or s > below then
      below = s
    end
  end
  local rule = SECOND_PLACE
  if rule ~= "below_top" and rule ~= "rank" then
    error("params.second_place must be below_top or rank, not " .. tostring(rule), 0)
  end
  g:rule("ZM-12")
  if ntop > 1 then g:rule("ZM-13") end
  if ntop > 1 and rule == "below_top" then g:rule("ZM-D2") end
  if rule == "rank" and ntop > 1 then below = nil end -- nobody is ranked exactly second
  local winners, eliminated = {}, {}
  -- the game's tricks per seat counted once here, not by a g:stat call per trick
  local tricks = g:sget_all("tricks")
  for seat = 0, n - 1 do
    local s = score[seat + 1]
    local elim = s == top
    local wins = below ~= nil and s == below
    g:stat(seat, "tricks", tricks[seat + 1])
    g:stat(seat, "eliminated", elim and 1 or 0)
    g:stat(seat, "second", wins and 1 or 0)
    if elim then eliminated[#eliminated + 1] = seat end
    if wins then winners[#winners + 1] = seat end
  end
  -- the players who "break the furniture", logged before game_end
  g:emit("eliminated", nil, "seats", eliminated) -- g:event's fields without a table to build
  g:finish(winners)
end

local function end_round(g, round, last_winner)
  local n = PLAYERS
  local points = trick_points(g, round) -- ZM-11
  g:rule("ZM-11")
  local tricks = g:sget_all("round_tricks") -- seat 0 first
  local scores = {}
  for seat = 0, n - 1 do
    scores[seat + 1] = tricks[seat + 1] * points
    g:add_score(seat, scores[seat + 1])
  end
  -- why: public trick counts, given as name, value pairs (a fields table cost a new key per field)
  g:round_end(round, scores, "tricks", tricks, "per_trick", points)
  if round == 3 then
    finish_game(g)
    return
  end
  -- ZM-D1: the first leader of the next round
  g:rule("ZM-D1")
  local rule = ROUND_LEADER
  local leader
  if rule == "last_winner" then
    leader = last_winner
  elseif rule == "random" then
    leader = g:random(n, "first_player") - 1
  else
    error("params.round_leader must be last_winner or random, not " .. tostring(rule), 0)
  end
  start_round(g, round + 1, leader)
end

-- ZM-9 / ZM-10: every seat has played; `last` played the last card, so the seat after it led
local function end_trick(g, last, goal)
  local leader = (last + 1) % PLAYERS
  -- the declared values in play order, then cleared: two g: calls for the four seats
  local values = g:sget_all("value", leader)
  g:sset_all("value", nil)
  -- ZM-9: the highest declared value wins if the Goal is High, the lowest if Low
  local best, winner = values[1], leader
  for i = 2, PLAYERS do
    local v = values[i]
    if beats(g, goal, v, best) then best, winner = v, (leader + i - 1) % PLAYERS end
  end
  local cards = g:cards("trick") -- in play order
  -- the rule each play followed (ZM-5..ZM-8, see on_move), told by its card, then the trick's: the six
  -- marks in play order in one call into Go (a call per play cost more than its mark)
  g:rule(LEAD_MARK[cards[1]], PLAY_MARK[cards[2]], PLAY_MARK[cards[3]], PLAY_MARK[cards[4]], "ZM-9", "ZM-10")
  -- g:event("trick", {winner = winner, ...}) with the fields as arguments: no string-keyed table to build
  g:emit("trick", nil, "winner", winner, "cards", cards, "goal", goal, "values", values)
  -- ZM-10: the winner takes the trick into the hidden score pile; only the count is public
  g:move_all("trick", nil, "won", winner)
  g:sadd(winner, "tricks", 1)
  g:sadd(winner, "round_tricks", 1)
  -- ZM-10: the winner leads next; g:ask_cards asks nothing when its hand is empty (no g:top to ask first)
  if g:ask_cards(winner, "hand", winner, LEAD_1, LEAD_2) > 0 then
    g:set_values("last_winner", winner, "goal", nil, "leader", winner) -- several values in one call
  else
    g:set_values("last_winner", winner, "goal", nil)
    end_round(g, g:get("round"), winner) -- ZM-11: the hands are empty
  end
end

-- ZM-5..ZM-10: `seat` played `move` ("play ID DECL"): the card goes to the trick, the Goal and
-- its value are set (play_effect), then the next seat plays or the trick ends (hook)
function on_move(g, seat, move)
  local id, decl = MOVE_ID[move], MOVE_DECL[move]
  g:move(id, "hand", seat, "trick", nil)
  local leader, goal = g:get("leader", "goal") -- both in one call: each g: call costs
  local ntrick = (seat - leader) % PLAYERS + 1 -- cards in the trick, this one included
  if ntrick == 1 then goal = nil end -- the lead sets the Goal
  -- ZM-5..ZM-8: a lead sets the Goal (a double's leader declares it), a double played later reverses
  -- it (the play's rule is marked with the trick's, when it ends)
  local new_goal, value = play_effect(g, goal, id, decl)
  if new_goal ~= goal then g:set("goal", new_goal) end
  g:sset(seat, "value", value)
  if ntrick < PLAYERS then
    local next = (seat + 1) % PLAYERS -- ZM-7: clockwise
    g:ask_cards(next, "hand", next, FOLLOW_1, FOLLOW_2)
  else
    end_trick(g, seat, new_goal)
  end
end

-- Alternative spellings: the card id either way round (`54|45`), a reading with a leading zero
-- (`04`), `HIGH`/`h`, and a bare number for a mirror card (`play 54` = `play 45|54 54`).
local BY_VALUE = {}
for id, c in pairs(CARDS) do
  if type(c) == "table" and c.lo then
    BY_VALUE[c.lo] = id
    BY_VALUE[c.hi] = id
  end
end
local function card_by_value(v)
  return BY_VALUE[v]
end

-- the canonical spelling of a typed `move` of `seat` (ids either way round, h/l, a bare number),
-- or `move` unchanged (hook, read-only)
function normalize(g, seat, move)
  local words = {}
  for w in move:gmatch("%S+") do words[#words + 1] = w end
  if #words < 2 or #words > 3 or words[1]:lower() ~= "play" then return move end
  local id, decl = words[2], words[3]
  if not g:is_card(id) then
    local a, b = id:match("^(%d+)|(%d+)$")
    if a and g:is_card(tonumber(b) .. "|" .. tonumber(a)) then
      id = tonumber(b) .. "|" .. tonumber(a)
    elseif a and g:is_card(tonumber(a) .. "|" .. tonumber(b)) then
      id = tonumber(a) .. "|" .. tonumber(b)
    elseif id:match("^%d+$") and decl == nil then
      local v = tonumber(id)
      local found = card_by_value(v)
      if not found then return move end
      id = found
      if CARDS[id].kind ~= "double" then decl = tostring(v) end
    elseif id:match("^%d+$") and g:is_card(tostring(tonumber(id))) then
      id = tostring(tonumber(id))
    else
      return move
    end
  end
  if decl then
    local d = decl:lower()
    if d == "h" or d == "high" then
      decl = "high"
    elseif d == "l" or d == "low" then
      decl = "low"
    elseif d:match("^%d+$") then
      decl = tostring(tonumber(d))
    end
    return "play " .. id .. " " .. decl
  end
  return "play " .. id
end

