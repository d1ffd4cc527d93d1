-- Cats Called Jiji (variants/jiji/RULES.md, ids JJ-n). All state lives in Go zones and values:
--   hand[s] (owner), jiji[s] (owner: the Lost Jiji), extra (nobody: the 3-player extra Lost Jiji),
--   found[s] / extra_found (a discovered Lost Jiji, face up), pairs[s], shared[s] (public),
--   rules / rule (the rule cards), discovery / taken[s] (the discovery cards).
-- Public values: start, redeals, phase, turn, rule, rule_text, rule_table, end. Nothing secret is
-- ever stored in a public value or a public event.

-- the 16 distinct Jiji card ids in catalogue order (JJ-1)
local IDS = {}
for _, col in ipairs({"W", "K"}) do
  for n = 1, 8 do IDS[#IDS + 1] = col .. n end
end
local IDX = {}
for i, id in ipairs(IDS) do IDX[id] = i end
local RULES = {"A", "B", "C"}

-- the params a turn reads, once at load (PARAMS; they never change within an engine): a g:param call
-- on every turn cost more than the rule it serves
local STALL_TURNS, WRONG_GUESS, POINTS = PARAMS.stall_turns, PARAMS.wrong_guess, PARAMS.points
local END_WHEN_GONE = PARAMS.end_when_discovery_cards_gone
local MAX_REDEALS, REDEAL_PAIRS, REDEAL_PLAYERS = PARAMS.max_redeals, PARAMS.redeal_pairs, PARAMS.redeal_players
local RULE_TEXTS, HIDDEN_BONUS = PARAMS.rule_texts, PARAMS.hidden_bonus

-- JJ-12 / DECISION JJ-D2: may `card` (an id) be shared by a player whose Lost Jiji is `jiji` (an id)
-- under the public shared rule `rule` ("A", "B" or "C")? The printed texts of A/B/C are unknown: these
-- are placeholders. A variant replaces this hook (see variants/jiji/rule-cards-distance.yaml) and the
-- `rule_texts` param that `play` shows. Returns true or false.
function share_allowed(card, jiji, rule)
  local c, j = CARDS[card].number, CARDS[jiji].number
  if rule == "A" then return c > j end
  if rule == "B" then return c < j end
  if rule == "C" then return c % 2 == j % 2 end
  error("share_allowed: unknown shared rule " .. tostring(rule), 0)
end

-- The chosen rule as a public 256-character table: character (j-1)*16 + c is "1" when card IDS[c] may
-- be shared by a player whose Lost Jiji is IDS[j]. It is built once from share_allowed, so the legal
-- shares and the bots follow whatever a variant's hook says.
local function build_rule_table(rule)
  local out = {}
  for j = 1, 16 do
    for c = 1, 16 do
      out[#out + 1] = share_allowed(IDS[c], IDS[j], rule) and "1" or "0"
    end
  end
  return table.concat(out)
end

-- memoized per worker: the table depends only on the hook, never on a game
local function rule_table(g, rule)
  local key = "rule_table_" .. rule
  local t = g:memo(key)
  if not t then
    t = build_rule_table(rule)
    g:memo(key, t)
  end
  return t
end

-- SHAREABLE[rule][jiji] = {card = "share card", ...}: what share_allowed allows, as the move sharing
-- each allowed card (g:ask_cards offers them), worked out once per worker (a pure function of the
-- hook, never of a game) so the legal shares cost no hook calls
local SHAREABLE_KEY = {A = "shareable_A", B = "shareable_B", C = "shareable_C"}
local function shareable(g, rule, jiji)
  local key = SHAREABLE_KEY[rule] or "shareable_" .. rule
  local by_jiji = g:memo(key)
  if not by_jiji then
    by_jiji = {}
    for _, j in ipairs(IDS) do
      local ok = {}
      for _, c in ipairs(IDS) do ok[c] = share_allowed(c, j, rule) and "share " .. c or nil end
      by_jiji[j] = ok
    end
    by_jiji = g:memo(key, by_jiji)
  end
  return by_jiji[jiji]
end

local function is_jiji_card(id) return IDX[id] ~= nil end

-- move strings, built once (constants, not game state)
local SHARE, JIJI, GUESS = {}, {}, {}
for _, id in ipairs(IDS) do SHARE[id] = "share " .. id; JIJI[id] = "jiji " .. id end
for _, target in ipairs({0, 1, 2, 3, 4, 5, 6, 7, "extra"}) do -- seats are below 8
  GUESS[target] = {}
  for i, id in ipairs(IDS) do GUESS[target][i] = "guess " .. target .. " " .. id end
end

local DRAW = {} -- DRAW[k]: the move list "draw 0" .. "draw k-1" (a constant, not game state)
local POSITION = {} -- POSITION["draw 3"] = 4: the card a draw takes, counted from 1
local NCARDS = 0
for _ in pairs(CARDS) do NCARDS = NCARDS + 1 end
for k = 1, NCARDS do
  DRAW[k] = {}
  for i = 0, k - 1 do DRAW[k][i + 1] = "draw " .. i end
  POSITION[DRAW[k][k]] = k
end
local RULE_MOVES = {} -- the start player's choice (JJ-6): "rule A", "rule B", "rule C"
for i, r in ipairs(RULES) do RULE_MOVES[i] = "rule " .. r end
local KEEP_OR_REDEAL, KEEP, SHARE_NONE = {"keep", "redeal"}, {"keep"}, {"share none"}

-- VERB[move], ARG[move], ARG2[move]: the words of every move the rules ask (words(move) builds them
-- on every call), worked out once at load time in flat tables of strings
local VERB, ARG, ARG2 = {}, {}, {}
local spelled = {{"keep"}, {"redeal"}, {"noguess"}, {"share", "none"}}
for _, r in ipairs(RULES) do spelled[#spelled + 1] = {"rule", r} end
for i = 0, NCARDS - 1 do spelled[#spelled + 1] = {"draw", tostring(i)} end
for _, id in ipairs(IDS) do
  spelled[#spelled + 1] = {"share", id}
  spelled[#spelled + 1] = {"jiji", id}
  for _, target in ipairs({0, 1, 2, 3, 4, 5, 6, 7, "extra"}) do spelled[#spelled + 1] = {"guess", tostring(target), id} end
end
for _, w in ipairs(spelled) do
  local move = table.concat(w, " ")
  VERB[move], ARG[move], ARG2[move] = w[1], w[2], w[3]
end
local SEAT_NUMBER = {} -- SEAT_NUMBER["2"] = 2: a guess's target seat (a tonumber call costs more)
for seat = 0, 7 do SEAT_NUMBER[tostring(seat)] = seat end

-- the words of a move as on_move reads them (the verb, then its arguments), from the tables above: the
-- greedy bot reads the moves in its events with it (a table of its own would gain new keys every game)
function move_words(move)
  local verb = VERB[move]
  if verb then return verb, ARG[move], ARG2[move] end
  return words(move)
end

local function deal_sizes(g)
  local sizes = PARAMS.deal[tostring(g:players())]
  if not sizes then error("params.deal has no entry for " .. g:players() .. " players", 0) end
  return sizes
end

-- JJ-4: deal clockwise from the start player (the first deal may be fixed by setup.hands / setup.extra)
local function deal(g, first)
  local n, start = g:players(), g:get("start")
  for seat = 0, n - 1 do g:move_all("hand", seat, "deck", nil) end
  g:move_all("extra", nil, "deck", nil)
  g:move_all("shown", nil, "deck", nil)
  g:sort("deck")
  local sizes = deal_sizes(g)
  local total = 0
  for _, k in ipairs(sizes) do total = total + k end
  local hands = first and g:fixed("hands") or nil
  local extra = first and g:fixed("extra") or nil
  if extra ~= nil then
    if total == 32 then error(string.format("setup.extra: there is no extra Lost Jiji with %d players", n), 0) end
    if not is_jiji_card(extra) then error(string.format("setup.extra: %s is not a Jiji card", tostring(extra)), 0) end
  end
  if hands then
    if #hands ~= n then error(string.format("setup.hands: %d hands for %d players", #hands, n), 0) end
    for k = 0, n - 1 do
      local seat = (start + k) % n
      local h = hands[seat + 1]
      if #h ~= sizes[k + 1] then
        error(string.format("setup.hands[%d]: %d cards, but seat %d is dealt %d with %d players and start player %d",
          seat, #h, seat, sizes[k + 1], n, start), 0)
      end
      for _, id in ipairs(h) do
        if not is_jiji_card(id) then error(string.format("setup.hands[%d]: %s is not a Jiji card", seat, tostring(id)), 0) end
        if not g:has("deck", id) then error(string.format("setup.hands[%d]: %s is dealt more than twice", seat, id), 0) end
        g:move(id, "deck", nil, "hand", seat)
      end
    end
    if total < 32 then
      local left = g:cards("deck")
      if extra ~= nil and left[1] ~= extra then
        error(string.format("setup.extra: %s, but the card left over by setup.hands is %s", extra, left[1]), 0)
      end
      g:move(left[1], "deck", nil, "extra", nil)
    end
  else
    if extra ~= nil then
      if not g:has("deck", extra) then error("setup.extra: no card " .. extra, 0) end
      g:move(extra, "deck", nil, "extra", nil)
    end
    g:shuffle("deck")
    -- one card at a time from the start player, sizes[k + 1] to the k-th seat from it (one g: call)
    g:deal_counts("deck", nil, "hand", sizes, start)
    if g:count("deck") > 0 then g:move_top("deck", nil, "extra", nil) end -- JJ-7: the left-over card
  end
  if g:count("deck") ~= 0 then error("params.deal leaves cards in the deck", 0) end
  g:rule("JJ-4")
  for seat = 0, n - 1 do g:sort("hand", seat) end
end

-- hands are kept in catalogue order, so the two copies of a pair lie next to each other
local function pair_count(g, seat)
  local hand, pairs = g:cards("hand", seat), 0
  for i = 2, #hand do
    if hand[i] == hand[i - 1] then pairs = pairs + 1 end
  end
  return pairs
end

local function redeal_allowed(g)
  if g:get("redeals") >= MAX_REDEALS then
    g:rule("JJ-D1") -- no more redeals
    return false
  end
  local n = g:players()
  for _, k in ipairs(REDEAL_PLAYERS) do
    if k == n then return true end
  end
  return false
end

-- JJ-5: each seat in turn from the start player decides; every seat is asked (a seat with fewer pairs
-- can only `keep`), so being asked reveals nothing about a hand. (`start`, `n`: the start player and
-- the number of players)
local function ask_redeal(g, k, start, n)
  local seat = (start + k) % n
  g:set_values("phase", "redeal", "asking", k)
  if pair_count(g, seat) >= REDEAL_PAIRS then
    g:ask(seat, KEEP_OR_REDEAL)
  else
    g:ask(seat, KEEP)
  end
end

local begin_rule, begin_jiji, begin_turn, finish

local function begin_redeals(g)
  if redeal_allowed(g) then ask_redeal(g, 0, g:get("start"), g:players()) else begin_rule(g) end
end

local function set_rule(g, r)
  g:rule("JJ-6")
  g:move(r, "rules", nil, "rule", nil)
  -- (one call into Go for the chosen rule's values and the choice's tables it clears)
  g:set_values("rule", r, "rule_text", RULE_TEXTS[r] or "", "rule_table", rule_table(g, r),
    "rule_table_A", nil, "rule_table_B", nil, "rule_table_C", nil)
end

-- JJ-6: the start player chooses the public shared rule
begin_rule = function(g)
  g:set("asking", nil)
  local r = g:fixed("rule")
  if r ~= nil then
    if r ~= "A" and r ~= "B" and r ~= "C" then error(string.format("setup.rule: %s is not A, B or C", tostring(r)), 0) end
    set_rule(g, r)
    begin_jiji(g)
    return
  end
  -- while the start player chooses, every rule's table is public (a bot may weigh the choices)
  g:set_values("phase", "rule", "rule_table_A", rule_table(g, "A"), "rule_table_B", rule_table(g, "B"),
    "rule_table_C", rule_table(g, "C"))
  g:ask(g:get("start"), RULE_MOVES)
end

-- (`start`, `n`: the start player and the number of players)
local function ask_jiji(g, k, start, n)
  local seat = (start + k) % n
  g:set_values("phase", "jiji", "asking", k)
  -- JIJI[id] for each card in hand order, listed in Go (a copy next to its twin offers nothing)
  g:ask_cards(seat, "hand", seat, JIJI)
end

-- JJ-8: every pair left in a hand is laid out face up
local function lay_out_pairs(g, n)
  for seat = 0, n - 1 do
    local hand = g:cards("hand", seat) -- in catalogue order: the copies of a pair are adjacent
    for i = 2, #hand do
      local id = hand[i]
      if id == hand[i - 1] then
        g:move(id, "hand", seat, "pairs", seat)
        g:move(id, "hand", seat, "pairs", seat)
        g:emit("pair", nil, "seat", seat, "card", id) -- (no field table built, as in draw)
      end
    end
  end
end

-- something was paired, shared or discovered this turn (for JJ-D5's stall_turns count, see end_of_turn)
local function progress(g) g:set("turn_progress", true, "hidden") end

-- The hidden value `hidden_jiji` says whose Lost Jiji is still hidden: 2^seat for each such seat, plus
-- EXTRA_BIT while the extra one is. The guesses a turn offers and JJ-14's end read it in one call,
-- not every seat's zone (a call into Go each).
local EXTRA_BIT = 2 ^ 8
local function has_bit(mask, bit) return mask % (2 * bit) >= bit end

local function start_play(g)
  local n = g:players()
  g:set("asking", nil)
  g:rule("JJ-8")
  lay_out_pairs(g, n) -- JJ-8 is setup, not a turn: it does not count against JJ-D5's stall
  local hidden = 2 ^ n - 1
  if g:top("extra") ~= nil then hidden = hidden + EXTRA_BIT end
  g:set("hidden_jiji", hidden, "hidden")
  begin_turn(g, g:get("start"), n)
end

-- JJ-7: each player lays one hand card face down as their Lost Jiji (setup.jiji may fix them)
begin_jiji = function(g)
  local fixed = g:fixed("jiji")
  if fixed ~= nil then
    local n = g:players()
    if #fixed ~= n then error(string.format("setup.jiji: %d cards for %d players (one Lost Jiji per seat)", #fixed, n), 0) end
    for seat = 0, n - 1 do
      local id = fixed[seat + 1]
      if not g:has("hand", seat, id) then
        error(string.format("setup.jiji[%d]: %s is not in seat %d's hand", seat, tostring(id), seat), 0)
      end
      g:move(id, "hand", seat, "jiji", seat)
    end
    start_play(g)
    return
  end
  ask_jiji(g, 0, g:get("start"), g:players())
end

-- JJ-9: draw blind from the left neighbour; end A when that hand is empty (`n`: the number of players
-- when the caller has it; `...`: more values to set with the turn's, name and value pairs)
begin_turn = function(g, seat, n, ...)
  local left = (seat + 1) % (n or g:players())
  -- (one call into Go for them all; an end clears the phase again)
  g:set_values("turn", seat, "phase", "draw", ...)
  local k = g:count("hand", left)
  if k == 0 then
    g:rule("JJ-9") -- end A
    finish(g, "end_a")
    return
  end
  g:ask(seat, DRAW[k])
end

-- JJ-13: a guess may name any seat but oneself whose Lost Jiji is hidden, or the extra one
-- the list depends only on the seat and on which Lost Jiji are still hidden: build each one once
local function guess_moves(g, seat)
  local n, hidden = g:get("players", "hidden_jiji")
  local own = 2 ^ seat
  local others = hidden % (2 * own) >= own and hidden - own or hidden -- has_bit inline: a call costs
  local memo_key = "guess_moves_" .. (seat + 8 * others) -- seats are below 8
  local moves = g:memo(memo_key)
  if moves then return moves end
  moves = {"noguess"}
  local m = 1
  for k = 1, n - 1 do
    local s = (seat + k) % n
    if has_bit(others, 2 ^ s) then
      local l = GUESS[s]
      for i = 1, 16 do m = m + 1; moves[m] = l[i] end
    end
  end
  if others >= EXTRA_BIT then
    local l = GUESS.extra
    for i = 1, 16 do m = m + 1; moves[m] = l[i] end
  end
  return g:memo(memo_key, moves)
end

-- JJ-9 / JJ-10 / JJ-11: `seat` draws the card at `pos` (counted from 1) of its left neighbour's
-- shuffled hand, lays out a pair it makes, and is asked what it shares
local function draw(g, seat, pos)
  local n, rule = g:get("players", "rule")
  local left = (seat + 1) % n
  -- the drawer chose a position in an order it cannot see: shuffle the neighbour's hand now, so the
  -- index carries no information, then take the card at that position
  g:shuffle("hand", left)
  local id = g:card_at("hand", left, pos)
  local twin = g:has("hand", seat, id)
  g:move(id, "hand", left, "hand", seat)
  g:sort("hand", left)
  g:sort("hand", seat)
  -- only the drawer and the victim learn which card moved (the events of every turn take their
  -- fields as arguments: g:emit builds no string-keyed table)
  g:emit("drew", seat, "seat", seat, "from", left, "card", id)
  g:emit("lost", left, "seat", left, "to", seat, "card", id)
  -- JJ-10: the drawn card pairs with a copy the drawer already held or with one of its own shared
  -- cards (inline: a Lua call costs about a dozen statements)
  local paired = twin or g:has("shared", seat, id)
  if twin then
    g:move(id, "hand", seat, "pairs", seat)
    g:move(id, "hand", seat, "pairs", seat)
    g:emit("pair", nil, "seat", seat, "card", id)
  elseif paired then
    g:move(id, "shared", seat, "pairs", seat)
    g:move(id, "hand", seat, "pairs", seat)
    g:emit("pair", nil, "seat", seat, "card", id, "with_shared", true)
  end
  if paired then g:set("turn_progress", true, "hidden") end -- progress
  g:set("phase", "share")
  -- JJ-11 / JJ-12: the move sharing each card id `seat` may share now (SHARE, every id, when its Lost
  -- Jiji is discovered: the rule is ignored); the turn's rule marks in one call, in the order they act,
  -- JJ-11's included: the share move that answers this ask always follows (a call of its own cost more)
  local jiji, moves = g:top("jiji", seat), SHARE
  if jiji then
    moves = shareable(g, rule, jiji)
    if paired then
      g:rule("JJ-9", "JJ-10", "JJ-12", "JJ-D2", "JJ-11")
    else
      g:rule("JJ-9", "JJ-12", "JJ-D2", "JJ-11")
    end
  elseif paired then
    g:rule("JJ-9", "JJ-10", "JJ-11")
  else
    g:rule("JJ-9", "JJ-11")
  end
  -- in hand order, listed in Go; a copy next to its twin offers nothing (copies lie together)
  if g:ask_cards(seat, "hand", seat, moves) == 0 then g:ask(seat, SHARE_NONE) end
end

-- `discovered`: this turn's guess was right, and the hidden_jiji value it left
local function end_of_turn(g, seat, discovered)
  -- (one call into Go for the three)
  local progressed, quiet, n = g:get("turn_progress", "quiet_turns", "players")
  if discovered then
    -- JJ-14: every Lost Jiji discovered, or (JJ-D4) both discovery cards taken (only a right guess
    -- changes either)
    if discovered == 0 then finish(g, "all_discovered"); return end
    if END_WHEN_GONE and g:top("discovery") == nil then
      finish(g, "cards_gone")
      return
    end
  end
  local next = (seat + 1) % n
  -- DECISION JJ-D5 (param stall_turns, 0 = never): when nothing is paired, shared or discovered for
  -- that many turns in a row, the cards only circle the table and the game could go on forever.
  -- (the count is set with the next turn's values, in one call into Go)
  if STALL_TURNS == 0 then
    begin_turn(g, next, n)
  elseif progressed then
    begin_turn(g, next, n, "turn_progress", nil, "quiet_turns", 0)
  else
    quiet = (quiet or 0) + 1
    if quiet >= STALL_TURNS then
      g:set("quiet_turns", quiet)
      g:rule("JJ-D5")
      finish(g, "stalled")
      return
    end
    begin_turn(g, next, n, "quiet_turns", quiet)
  end
end

-- JJ-13 / JJ-15: a guess; returns the hidden_jiji value it leaves when right, nil when wrong
local function guess(g, seat, target, id)
  g:rule("JJ-13", "JJ-D3", "JJ-15")
  local zone, tseat, found, bit = "extra", nil, "extra_found", EXTRA_BIT
  if target ~= "extra" then
    tseat = SEAT_NUMBER[target] or tonumber(target)
    zone, found, bit = "jiji", "found", 2 ^ tseat
  end
  local real = g:card_at(zone, tseat, 1)
  if real == id then
    g:move(id, zone, tseat, found, tseat)
    local card = g:card_at("discovery", nil, 1)
    local pts
    if card then
      g:move(card, "discovery", nil, "taken", seat)
      pts = POINTS[card]
    else
      pts = POINTS.none
    end
    g:add_score(seat, pts)
    g:stat(seat, "right", 1)
    g:emit("discovered", nil, "seat", seat, "target", target, "card", id, "discovery", card or "none",
      "points", pts)
    progress(g)
    local hidden = g:get("hidden_jiji") - bit
    g:set("hidden_jiji", hidden, "hidden")
    return hidden
  else
    local pts = WRONG_GUESS
    g:add_score(seat, pts)
    g:stat(seat, "wrong", 1)
    -- a wrong guess reveals only that it is wrong: the move names the guess, this event only the result
    g:emit("wrong", nil, "seat", seat, "target", target, "points", pts)
  end
end

-- JJ-15 / JJ-16: hidden bonus, then the highest total wins; ties: fewer hand cards, then fewer shared
finish = function(g, reason)
  local n = g:players()
  g:set("end", reason)
  if reason ~= "stalled" then g:rule("JJ-14", "JJ-D4") end -- the printed ends; a stall is JJ-D5's
  g:rule("JJ-16")
  g:set("phase", nil)
  g:set("asking", nil)
  local bonus, hidden = HIDDEN_BONUS, {}
  for s = 0, n - 1 do
    if bonus ~= 0 and g:top("jiji", s) ~= nil then
      g:add_score(s, bonus)
      hidden[#hidden + 1] = s
    end
  end
  local score = {} -- each seat's total, read once (the ranking compares them again and again)
  for s = 0, n - 1 do score[s + 1] = g:score(s) end
  local function better(a, b) -- a ranks strictly above b
    if score[a + 1] ~= score[b + 1] then return score[a + 1] > score[b + 1] end
    if g:count("hand", a) ~= g:count("hand", b) then return g:count("hand", a) < g:count("hand", b) end
    return g:count("shared", a) < g:count("shared", b)
  end
  local winners = {0}
  for s = 1, n - 1 do
    if better(s, winners[1]) then
      winners = {s}
    elseif not better(winners[1], s) then
      winners[#winners + 1] = s
    end
  end
  -- why the scores moved: who got the hidden bonus (a Lost Jiji not discovered is a public fact)
  if #hidden > 0 then
    g:event("end", {reason = reason, bonus = hidden, bonus_points = bonus})
  else
    g:event("end", {reason = reason})
  end
  g:finish(winners)
end

-- the game's extra numbers for sim: how it ended (end_a, all_discovered, cards_gone, stalled, each
-- 0 or 1); returns {game = {...}} (hook)
function stats(g)
  local r = g:get("end")
  return {game = {
    end_a = r == "end_a" and 1 or 0,
    all_discovered = r == "all_discovered" and 1 or 0,
    cards_gone = r == "cards_gone" and 1 or 0,
    stalled = r == "stalled" and 1 or 0,
  }}
end

-- JJ-2..JJ-5: checks params.stall_turns, picks the start player (or the scenario's fixed `start`),
-- deals, then asks for redeals or the shared rule (hook, called once)
function setup(g)
  local n = g:players()
  local stall = g:param("stall_turns")
  if type(stall) ~= "number" or stall < 0 or stall % 1 ~= 0 then
    error("params.stall_turns: expected a whole number of turns, 0 or more (0 = never), not " .. tostring(stall), 0)
  end
  local start = g:fixed("start")
  if start == nil then
    start = g:random(n, "first_player") - 1
    g:rule("JJ-3")
  elseif start < 0 or start >= n then
    error(string.format("setup.start: no seat %d", start), 0)
  end
  g:set("start", start)
  g:set("players", n, "hidden") -- read with other values in one call on every turn
  for _, r in ipairs(RULES) do g:move(r, "deck", nil, "rules", nil) end
  g:move("1st", "deck", nil, "discovery", nil)
  g:move("2nd", "deck", nil, "discovery", nil)
  g:set("redeals", 0)
  deal(g, true)
  begin_redeals(g)
end

-- `seat` answered `move` in the phase asked: "draw K", "keep" or "redeal", "rule R", "jiji ID",
-- "share ID", "guess S ID" or "noguess" (JJ-5..JJ-15) (hook)
function on_move(g, seat, move)
  local verb, rest, extra = VERB[move], ARG[move], ARG2[move]
  if not verb then verb, rest, extra = words(move) end -- a move the tables do not list
  if verb == "draw" then
    draw(g, seat, POSITION[move] or tonumber(rest) + 1)
  elseif verb == "share" then -- (JJ-11 marked with the draw's marks)
    if rest ~= "none" then
      g:move(rest, "hand", seat, "shared", seat)
      g:set("turn_progress", true, "hidden") -- progress, inline (a call into Lua costs)
    end
    g:set("phase", "guess")
    g:ask(seat, guess_moves(g, seat))
  elseif verb == "noguess" then
    end_of_turn(g, seat)
  elseif verb == "guess" then
    end_of_turn(g, seat, guess(g, seat, rest, extra))
  elseif verb == "keep" then
    local k, start = g:get("asking", "start")
    k = k + 1
    local n = g:players()
    if k < n then ask_redeal(g, k, start, n) else begin_rule(g) end
  elseif verb == "redeal" then
    -- JJ-5: the hand is shown to everyone, then every card is dealt again
    g:rule("JJ-5")
    g:event("redeal", {seat = seat, hand = g:cards("hand", seat)})
    g:move_all("hand", seat, "shown", nil)
    g:set("redeals", g:get("redeals") + 1)
    deal(g, false)
    begin_redeals(g)
  elseif verb == "rule" then
    set_rule(g, rest)
    begin_jiji(g)
  elseif verb == "jiji" then
    g:rule("JJ-7")
    g:move(rest, "hand", seat, "jiji", seat)
    local k, start = g:get("asking", "start")
    k = k + 1
    local n = g:players()
    if k < n then ask_jiji(g, k, start, n) else start_play(g) end
  else
    error("unexpected move " .. move .. " in phase " .. tostring(g:get("phase")))
  end
end

-- lower-case card ids and extra spaces (`guess 2 w3`, `share  k6`) are matched by the engine itself

-- for a search bot's sampled world (ismcts deals again when this is false): could the seat be in it?
-- Every card a player with a hidden Lost Jiji has shared satisfied the rule for that Lost Jiji (JJ-11).
-- Returns true or false (hook, read-only).
function sample_ok(g, seat)
  local rule, n = g:get("rule", "players") -- (one call into Go for both)
  if not rule then return true end
  for s = 0, n - 1 do
    local jiji = s ~= seat and g:top("jiji", s)
    if jiji then
      local ok, shared = shareable(g, rule, jiji), g:cards("shared", s)
      for i = 1, #shared do -- (a numeric loop: ipairs is a call into Go per card)
        if not ok[shared[i]] then return false end
      end
    end
  end
  return true
end
