-- Mito rules (variants/mito/RULES.md, ids MI-n).
--
-- Flow state lives in g values: `phase` says which decision is pending
--   turn      the player on turn (`turn`) cheats, plays or draws (MI-5, MI-6, MI-13, MI-15)
--   mosquito  the other players give a card to the slowest (`slowest`), one after the other (`giver`)
--   cockroach every player holding a card of the value may throw it (`roach_from`, `roach_k`)
--   spider    the player gives one card to a seat of their choice
--   reply     the Keeper accuses or passes after the private signal (MI-15)
--   penalty   a Keeper who caught a cheat gives the cheater a card (MI-14)
-- The card cheated away this turn lies in the cheater's `sleeve` zone until the Keeper's reply, then goes
-- into the `box`; `cheated` (visible to the cheater only) names it for the cheater; `next` the seat that
-- takes the next turn when a Cockroach throw won it; `stall` counts turns in a row that ended in a pass
-- (no card played or drawn, MI-D8).
--
-- Readings where the spec is silent:
-- * the power of a player's last card still fires; MI-16 is checked when the turn is over (after the
--   power and the Keeper's reply), so a player who played a last Mosquito and is the slowest is not out;
--   if two hands empty at once (a last Cockroach and a last card thrown on it), the mover goes out first;
-- * MI-16: a Keeper who empties her hand wins at once: by a play, at the end of her own turn (no reply
--   follows her turns), and by a Cockroach throw on another's turn, before that turn's reply;
-- * a Cockroach throw is a legal play (MI-10), so a last card may be thrown; a thrown card has no power;
--   throwers are asked clockwise from the player; Ant draws go clockwise from the player's left;
-- * MI-6 / MI-D2: `draw` (declining to play) is always offered with voluntary_draw; with nothing to draw
--   it is a pass;
-- * MI-D8: a blocked table: after a whole circle of turns in a row that ended in a pass (no card played
--   or drawn), the round ends `blocked` and is scored as any round: the fewest cards win (multi-round:
--   every hand scores);
-- * MI-D7: hand sizes are hidden (zone option `size`, param hand_counts); every hand's size is shown
--   (a `hands` event) when the round ends, as MI-V1 scoring reveals them;
-- * a Spider gift goes to another player; the Mosquito's givers give clockwise from the slowest's left;
-- * gifts are handed face down: the giver's move is private, a public `gift` event names giver and
--   receiver, and the receiver alone gets a `received` event with the card.

-- the catalogue as flat tables, built once at load time: CARD_VALUE[id], CARD_KIND[id], CARD_PENALTY[id]
-- (CARDS[id].value reads two read-only proxies; a flat table of plain values is one plain lookup)
local CARD_VALUE, CARD_KIND, CARD_PENALTY = {}, {}, {}
for id, c in pairs(CARDS) do
  if type(c) == "table" then CARD_VALUE[id], CARD_KIND[id], CARD_PENALTY[id] = c.value, c.kind, c.penalty end
end

-- the ids g:distinct keeps (sets of card ids: Go picks them from a hand, so no hook loops over it):
-- GIVEABLE the cards that may be given (MI-7: no Mito), THROWABLE[v] those a Cockroach of value v lets
-- a player throw (MI-10: no Mito either)
local GIVEABLE, THROWABLE = {}, {}
for id, k in pairs(CARD_KIND) do
  if k ~= "mito" and k ~= "keeper" then
    GIVEABLE[id] = true
    local v = CARD_VALUE[id]
    THROWABLE[v] = THROWABLE[v] or {}
    THROWABLE[v][id] = true
  end
end

local function value(id) return CARD_VALUE[id] end
local function kind(id) return CARD_KIND[id] end
local function nextseat(g, s) return (s + 1) % g:players() end

-- the params, read once at load (PARAMS; they never change within an engine): a g:param or g:memo
-- call on every turn cost more than the rule it serves
local MAX_VALUE, VOLUNTARY_DRAW = PARAMS.max_value, PARAMS.voluntary_draw
local RESHUFFLE = PARAMS.empty_deck == "reshuffle"
local DETECT, FALSE_ALARM = PARAMS.cheat.detect_chance, PARAMS.cheat.false_alarm_chance
local REFLEX = {} -- MI-D4 / MI-D5: each seat's reflex (index = seat + 1)
for i, w in ipairs(PARAMS.reflex or {}) do REFLEX[i] = w end

-- Every move spelling, built once at load time (constants, not game state): PLAY[id], CHEAT[id],
-- THROW[id], GIVE_TO[seat][id], and what each move means: MOVE_VERB[move], MOVE_ID[move], MOVE_TO[move]
-- (flat tables of strings and numbers, which hooks read at the cost of a plain table).
local PLAY, CHEAT, THROW, GIVE_TO, MOVE_VERB, MOVE_ID, MOVE_TO = {}, {}, {}, {}, {}, {}, {}
local MAX_SEATS = 5 -- MI-2 (a move naming a higher seat is read with words())
for to = 0, MAX_SEATS - 1 do GIVE_TO[to] = {} end
for id, c in pairs(CARDS) do
  if type(c) == "table" and c.kind ~= "keeper" then
    PLAY[id], CHEAT[id], THROW[id] = "play " .. id, "cheat " .. id, "throw " .. id
    for verb, m in pairs({play = PLAY[id], cheat = CHEAT[id], throw = THROW[id]}) do
      MOVE_VERB[m], MOVE_ID[m] = verb, id
    end
    for to = 0, MAX_SEATS - 1 do
      local m = "give " .. id .. " to " .. to
      GIVE_TO[to][id] = m
      MOVE_VERB[m], MOVE_ID[m], MOVE_TO[m] = "give", id, to
    end
  end
end
for _, verb in ipairs({"draw", "accuse", "pass"}) do MOVE_VERB[verb] = verb end

-- the moves g:ask_distinct offers from a hand (id -> move; an id a table lacks offers nothing):
-- MI-5 / MI-7: the plays on each top value (one higher or one lower, with wrap-around: max is below
-- 1, 1 is above max), PLAY_ON[top] (no Mito) and KEEPER_PLAY_ON[top]; MI-7: the gifts to each seat,
-- GIFT_TO[seat] (no Mito)
local PLAY_ON, KEEPER_PLAY_ON, GIFT_TO = {}, {}, {}
for _, top in pairs(CARD_VALUE) do
  if PLAY_ON[top] == nil then
    PLAY_ON[top], KEEPER_PLAY_ON[top] = {}, {}
    for id, v in pairs(CARD_VALUE) do
      local d = (v - top) % MAX_VALUE
      if d == 1 or d == MAX_VALUE - 1 then
        KEEPER_PLAY_ON[top][id] = PLAY[id]
        if CARD_KIND[id] ~= "mito" then PLAY_ON[top][id] = PLAY[id] end
      end
    end
  end
end
for to = 0, MAX_SEATS - 1 do
  GIFT_TO[to] = {}
  for id in pairs(GIVEABLE) do GIFT_TO[to][id] = GIVE_TO[to][id] end
end

local function give_move(id, to) return GIVE_TO[to][id] end

-- the words of a move the tables above do not list ("give S1 to 7")
local function parse(move)
  local verb, id, _, to = words(move)
  return verb, id, tonumber(to)
end

-- what a move means: its verb, the card it names and the seat a gift goes to (nil where it names
-- none), from the load-time tables; the greedy bot reads its moves with it (a table of its own would
-- gain new keys every game)
function move_parts(move)
  local verb = MOVE_VERB[move]
  if verb then return verb, MOVE_ID[move], MOVE_TO[move] end
  return parse(move)
end

-- a card's kind, value and penalty points (the catalogue's, from the load-time tables)
function card_facts(id)
  return CARD_KIND[id], CARD_VALUE[id], CARD_PENALTY[id]
end

-- the number of cards of each value in `hand` (a list of ids), Mitos aside: a list indexed by value
-- (zeros from 1 to 9, max_value's range), and the number of Mitos; the greedy bot weighs its hand
-- with it (one call, not one per card)
function value_counts(hand)
  local counts, mitos = {0, 0, 0, 0, 0, 0, 0, 0, 0}, 0
  for i = 1, #hand do
    local id = hand[i]
    if CARD_KIND[id] == "mito" then
      mitos = mitos + 1
    else
      local v = CARD_VALUE[id]
      counts[v] = counts[v] + 1
    end
  end
  return counts, mitos
end

-- MI-7 / MI-8: the cards seat `seat` may give away (never a Mito, never the last card): a list of
-- distinct ids, empty when it holds fewer than 2 cards (copies are indistinguishable: each is offered
-- once; hands are kept in catalogue order, so copies lie next to each other, as g:distinct expects)
function giveable(g, seat)
  local ids, size = g:distinct("hand", seat, GIVEABLE)
  if size < 2 then return {} end
  return ids
end

-- asks seat `seat` to give one of them to seat `to` ("give S1 to 2"; nothing while it holds fewer
-- than 2 cards), in one call into Go; returns how many moves it asked (0: it asked nothing)
local function ask_gift(g, seat, to)
  return (g:ask_distinct(seat, "hand", seat, 2, GIFT_TO[to]))
end

local function counter(g, key, delta)
  g:add(key, delta, "hidden")
end

-- MI-D3: is there a card to draw (the deck, or the pile under its top card when reshuffling)?
function can_draw(g)
  if g:top("deck") ~= nil then return true end
  return RESHUFFLE and g:count("discard") > 1
end

-- MI-6 / MI-12 / MI-14: seat `seat` draws one card (true); false when there is nothing to draw (MI-D3)
function draw_card(g, seat)
  -- the draw itself says whether the deck held a card (one call into Go, not two)
  if g:move_top("deck", nil, "hand", seat) == 0 then
    if not can_draw(g) then return false end
    -- MI-D3: the discard pile except its top card becomes the new deck
    g:rule("MI-D3")
    local top = g:top("discard")
    g:move_all("discard", nil, "deck", nil)
    g:move(top, "deck", nil, "discard", nil)
    g:shuffle("deck")
    g:event("reshuffle", {cards = g:count("deck")})
    g:move_top("deck", nil, "hand", seat)
  end
  g:sort("hand", seat)
  return true
end

-- MI-D4 / MI-D5: reaction draws weighted by `reflex` (index = seat). Each returns the chance of every
-- seat (a list indexed seat + 1, 0 for seats not in the race), so events can show them.
-- (the loops over seats and cards below index their lists, as ipairs is a call into Go at every step
-- in this sandbox)
local function reflex(seat)
  local w = REFLEX[seat + 1]
  if w == nil then return 1 end
  return w
end

-- the fastest of `seats` (a list of seats): chance proportional to reflex (evenly if every reflex is 0);
-- returns the chances, a list indexed seat + 1
function fastest_chances(g, seats)
  local ch, total = {}, 0
  for s = 1, g:players() do ch[s] = 0 end
  for i = 1, #seats do total = total + reflex(seats[i]) end
  for i = 1, #seats do
    local s = seats[i]
    if total > 0 then ch[s + 1] = reflex(s) / total else ch[s + 1] = 1 / #seats end
  end
  return ch
end

-- the slowest of `seats`: chance proportional to 1/reflex; a seat with reflex 0 never reacts, so the
-- slowest is drawn evenly among those
function slowest_chances(g, seats)
  local ch, zero, total = {}, 0, 0
  for s = 1, g:players() do ch[s] = 0 end
  for i = 1, #seats do
    local r = reflex(seats[i])
    if r <= 0 then zero = zero + 1 else total = total + 1 / r end
  end
  for i = 1, #seats do
    local s = seats[i]
    local r = reflex(s)
    if zero > 0 then
      if r <= 0 then ch[s + 1] = 1 / zero end
    else
      ch[s + 1] = (1 / r) / total
    end
  end
  return ch
end

-- one seat drawn with the chances `ch` (a list indexed seat + 1, seeded): returns the seat
function draw_seat(g, ch)
  local x = (g:random(1000000) - 0.5) / 1000000
  local last
  for s = 1, #ch do
    if ch[s] > 0 then
      last = s - 1
      x = x - ch[s]
      if x <= 0 then return s - 1 end
    end
  end
  return last
end

local function setup_error(fmt, ...) error(string.format(fmt, ...), 0) end

local function check_card(g, where, id)
  if not g:is_card(id) then setup_error("%s: no card %q", where, id) end
  if kind(id) == "keeper" then setup_error("%s: %s is the Bug Keeper card, never a playing card", where, id) end
  if not g:has("deck", id) then setup_error("%s: card %s is used more often than it exists", where, id) end
end

-- MI-3: a new round: gather every card, give the Keeper card, deal 8 from the Keeper's left, turn one
function start_round(g, keeper)
  local n = g:players()
  for seat = 0, n - 1 do
    g:move_all("hand", seat, "deck", nil)
    g:move_all("box", seat, "deck", nil)
    g:move_all("sleeve", seat, "deck", nil)
    g:sset(seat, "cheat_chances", 0)
    g:sset(seat, "sleeve_room", 0)
    g:move_all("keeper_card", seat, "deck", nil)
  end
  g:move_all("discard", nil, "deck", nil)
  g:sort("deck")
  g:move("BK", "deck", nil, "keeper_card", keeper)
  g:set("keeper", keeper)

  local first = g:get("round") == 1
  local hands = first and g:fixed("hands") or nil
  local disc = first and g:fixed("discard") or nil
  local order = first and g:fixed("deck") or nil
  if hands then
    for seat = 0, n - 1 do
      local h = hands[seat + 1]
      if #h == 0 then setup_error("setup.hands[%d]: a hand needs at least one card", seat) end
      for _, id in ipairs(h) do
        check_card(g, string.format("setup.hands[%d]", seat), id)
        g:move(id, "deck", nil, "hand", seat)
      end
    end
  end
  if disc then
    check_card(g, "setup.discard", disc)
    g:move(disc, "deck", nil, "discard", nil)
  end
  if order then
    -- set the listed cards aside (box of seat 0 is empty now), shuffle the rest, put them on top
    for i, id in ipairs(order) do
      check_card(g, string.format("setup.deck[%d]", i - 1), id)
      g:move(id, "deck", nil, "box", 0)
    end
  end
  g:shuffle("deck")
  if order then
    for i = #order, 1, -1 do g:move(order[i], "box", 0, "deck", nil) end
  end
  if not hands then
    local size = g:param("hand_size")
    for _ = 1, size do
      for k = 1, n do g:move_top("deck", nil, "hand", (keeper + k) % n) end
    end
  end
  if not disc then g:move_top("deck", nil, "discard", nil) end
  g:rule("MI-3")
  for seat = 0, n - 1 do g:sort("hand", seat) end
  g:set("stall", 0)
  g:event("round_start", {round = g:get("round"), keeper = keeper, card = g:top("discard"), deck = g:count("deck")})
  g:rule("MI-4")
  begin_turn(g, keeper, keeper)
end

-- MI-2/MI-3: the first Bug Keeper (drawn, or the scenario's fixed `keeper`) and round 1 (start_round)
-- (hook, called once)
function setup(g)
  local n = g:players()
  for seat = 0, n - 1 do
    for _, s in ipairs({"cheats", "caught", "accusations", "wrong_accusations", "slowest"}) do g:stat(seat, s, 0) end
  end
  local keeper = g:fixed("keeper")
  if keeper == nil then
    keeper = g:random(n, "first_player") - 1
    g:rule("MI-2")
  elseif keeper < 0 or keeper >= n then
    setup_error("setup.keeper: no seat %d", keeper)
  end
  -- the values every move reads are set first: g:get finds a value by looking through them in the
  -- order they were first set (phase and turn get the values begin_turn gives them at the end of setup)
  g:set_values("phase", "turn", "turn", keeper, "keeper", keeper, "stall", 0, "round", 1, "first_keeper", keeper)
  start_round(g, keeper)
end

-- asks a turn: MI-5 / MI-7 play, MI-6 draw, MI-13 / MI-15 cheat (non-Keeper, once, before playing or
-- drawing, never the last card) (`keeper`: the Keeper's seat)
local function ask_turn(g, p, may_cheat, keeper)
  local is_keeper = p == keeper
  -- MI-5: one higher or one lower, with wrap-around (5 is below 1, 1 is above 5); MI-7: Mitos only
  -- for the Keeper (the plays by top value are spelled at load)
  local plays = (is_keeper and KEEPER_PLAY_ON or PLAY_ON)[CARD_VALUE[g:top("discard")]]
  -- MI-6 / MI-D2: declining is always allowed (with nothing to draw it is a pass), without
  -- voluntary_draw only when no card can be played
  local draw = "draw"
  if not VOLUNTARY_DRAW and #g:distinct("hand", p, plays) > 0 then draw = nil end
  local cheats = nil
  if may_cheat and not is_keeper then cheats = CHEAT end
  -- the hand's plays, "draw", then (from 2 cards on) its cheats, listed in Go: no hook loop runs over
  -- the hand and no list is built in Lua
  local _, played = g:ask_distinct(p, "hand", p, plays, draw, 2, cheats)
  if played > 0 and draw then g:rule("MI-D2") end -- a player who could play may draw instead
end

-- MI-5, MI-6, MI-13, MI-15: seat `p` takes a turn: it is asked to play, draw or (a non-Keeper)
-- cheat a card up its sleeve (`keeper`: the Keeper's seat, read here when not given). The values of
-- the turn before (the Keeper's signal, a Cockroach thrower's `next`) are cleared here, with the new
-- turn's, in one call into Go.
function begin_turn(g, p, keeper)
  if keeper == nil then keeper = g:get("keeper") end
  g:set_values("phase", "turn", "turn", p, "cheated", nil, "signal", nil, "next", nil)
  -- MI-15: one more chance to cheat (public: everyone sees whose turn it is); the box never holds
  -- more cards than this (its `at_most`, which a search bot's sampled world respects)
  -- the sleeve may hold a card only for this turn's player, a non-Keeper, up to the reply (`sleeve_room`:
  -- the sleeve's `at_most`, public as whose turn it is)
  if p ~= keeper then
    g:sadd(p, "cheat_chances", 1)
    g:sset(p, "sleeve_room", 1)
  end
  ask_turn(g, p, true, keeper)
end

-- MI-9: the others give the slowest one card each, clockwise from the slowest's left
local function next_gift(g, seat)
  local s = g:get("slowest")
  while seat ~= s do
    if ask_gift(g, seat, s) > 0 then
      g:set("giver", seat)
      return
    end
    seat = nextseat(g, seat)
  end
  g:set("giver", nil)
  g:set("slowest", nil)
  end_turn(g)
end

-- MI-10: ask every holder of a card of the value, from the player on, whether they throw
local function next_throw(g, k)
  local n = g:players()
  local first, v = g:get("roach_from"), g:get("roach_value")
  while k < n do
    local seat = (first + k) % n
    local moves = g:distinct("hand", seat, THROWABLE[v], THROW)
    if #moves > 0 then
      moves[#moves + 1] = "pass"
      g:set("roach_k", k)
      g:ask(seat, moves)
      return
    end
    k = k + 1
  end
  -- MI-D5: the fastest of those who threw; only that card stays, the others keep theirs
  local throwers = {}
  for i = 0, n - 1 do
    local seat = (first + i) % n
    -- (a search bot's sampled world deals hands again but keeps each private throw choice: a
    -- choice whose card that world did not deal to the thrower is void)
    local id = g:sget(seat, "throw")
    if id and g:has("hand", seat, id) then throwers[#throwers + 1] = seat end
  end
  if #throwers > 0 then
    g:rule("MI-D5")
    local ch = fastest_chances(g, throwers)
    local w = draw_seat(g, ch)
    local id = g:sget(w, "throw")
    g:move(id, "hand", w, "discard", nil)
    g:set("next", w)
    -- (g:emit: the fields as arguments, no table built for them, as for every event of a turn)
    g:emit("cockroach", nil, "seat", w, "card", id, "throwers", #throwers, "chances", ch)
  else
    g:emit("cockroach", nil, "throwers", 0)
  end
  for seat = 0, n - 1 do g:sset(seat, "throw", nil) end
  g:set("roach_from", nil)
  g:set("roach_value", nil)
  g:set("roach_k", nil)
  local keeper = g:get("keeper")
  if g:get("next") == keeper and g:top("hand", keeper) == nil then
    -- MI-16: the Keeper threw her last card: she wins at once; no reply is pending for her (the reply
    -- to this turn is hers, and she has nobody to answer to)
    g:set("next", nil)
    g:set("phase", nil)
    g:rule("MI-16")
    g:event("out", {seat = keeper})
    close_round(g, {keeper})
    return
  end
  end_turn(g)
end

-- the power of an action card played by player p (MI-9..MI-12); the start card has none
-- (`keeper`: the Keeper's seat, handed on to end_turn)
local function power(g, p, id, keeper)
  local k = CARD_KIND[id]
  if k == "mosquito" then
    local n = g:players()
    g:rule("MI-9", "MI-D4")
    local all = {}
    for s = 0, n - 1 do all[#all + 1] = s end
    local ch = slowest_chances(g, all) -- MI-D4
    local s = draw_seat(g, ch)
    g:stat(s, "slowest", 1)
    g:emit("mosquito", nil, "seat", s, "chances", ch)
    g:set("phase", "mosquito")
    g:set("slowest", s)
    next_gift(g, nextseat(g, s))
  elseif k == "cockroach" then
    g:rule("MI-10")
    g:set("phase", "cockroach")
    g:set("roach_from", p)
    g:set("roach_value", value(id))
    next_throw(g, 0)
  elseif k == "spider" then
    local n = g:players()
    g:rule("MI-11")
    local cards = giveable(g, p)
    if #cards == 0 then
      g:rule("MI-8") -- only a last card or Mitos: nothing to give
      end_turn(g, p, keeper)
      return
    end
    g:set("phase", "spider")
    local moves = {}
    for j = 1, #cards do
      for i = 1, n - 1 do moves[#moves + 1] = give_move(cards[j], (p + i) % n) end
    end
    g:ask(p, moves)
  elseif k == "ant" then
    local n = g:players()
    g:rule("MI-12")
    for i = 1, n - 1 do draw_card(g, (p + i) % n) end
    end_turn(g, p, keeper)
  else
    end_turn(g, p, keeper)
  end
end

-- the Keeper's reply (MI-15): a constant table (g:ask copies it), so no table is built per turn
local REPLY = {"accuse", "pass"}

-- MI-15: after a non-Keeper's turn the Keeper gets a private signal and accuses or passes (`p`, `keeper`:
-- the player on turn and the Keeper when the caller has read them, else they are read here)
function end_turn(g, p, keeper)
  if keeper == nil then p, keeper = g:get("turn", "keeper") end
  if p == keeper then
    finish_turn(g)
    return
  end
  g:rule("MI-15", "MI-D6")
  local chance = FALSE_ALARM
  if g:top("sleeve", p) ~= nil then chance = DETECT end
  local suspicious = g:chance(chance, "cheat_signal")
  g:set("signal", suspicious, keeper)
  -- (g:emit, not g:event: the fields as arguments, no table is built for them on every turn)
  g:emit("signal", keeper, "seat", p, "suspicious", suspicious)
  g:set("phase", "reply")
  g:ask(keeper, REPLY)
end

-- MI-14: the accused `p` becomes Keeper after the penalty gift (`stall`, `next`: for finish_turn)
local function hand_over(g, keeper, p, stall, next)
  g:move("BK", "keeper_card", keeper, "keeper_card", p)
  g:set("keeper", p)
  g:emit("keeper", nil, "seat", p)
  finish_turn(g, p, p, stall, next)
end

-- MI-D7: a round's end shows every hand for scoring (MI-V1): the sizes, hidden during play, are public
-- now; then the round is scored (end_round, which a variant may replace)
function close_round(g, winners)
  local sizes = {}
  for seat = 0, g:players() - 1 do sizes[seat + 1] = g:count("hand", seat) end
  g:rule("MI-D7") -- the sizes hidden during play are shown
  g:event("hands", {sizes = sizes})
  end_round(g, winners)
end

-- MI-16 / MI-17: the end of a turn: someone out, a blocked table, or the next player (`p`, `keeper`,
-- `stall`, `next`: the values turn, keeper, stall and next when the caller has read them, else they
-- are read here)
function finish_turn(g, p, keeper, stall, next)
  if p == nil then p, keeper, stall, next = g:get("turn", "keeper", "stall", "next") end
  local n = g:players()
  g:move_all("sleeve", p, "box", p) -- an uncaught cheat: the card stays gone
  g:sset(p, "sleeve_room", 0)
  -- only the player and a Cockroach thrower can have played their last card: nobody gives away or
  -- loses a last card (MI-8); the player goes out first (if two hands empty at once, the mover first)
  local winner
  if g:top("hand", p) == nil then
    winner = p
  elseif next ~= nil and g:top("hand", next) == nil then
    winner = next
  end
  -- the round ends: the turn's values are cleared here (else begin_turn clears the signal and `next`
  -- with the next turn's values)
  if winner or stall >= n then g:set_values("phase", nil, "signal", nil, "next", nil) end
  if winner then
    g:rule("MI-16")
    g:event("out", {seat = winner})
    close_round(g, {winner})
    return
  end
  if stall >= n then
    -- MI-D8: a whole circle of turns passed with no card played or drawn: the round ends `blocked`,
    -- scored as any round; the fewest cards win (ties share)
    local fewest
    for seat = 0, n - 1 do
      local c = g:count("hand", seat)
      if fewest == nil or c < fewest then fewest = c end
    end
    local winners = {}
    for seat = 0, n - 1 do if g:count("hand", seat) == fewest then winners[#winners + 1] = seat end end
    g:rule("MI-D8")
    counter(g, "blocked_rounds", 1)
    g:event("blocked", {winners = winners})
    close_round(g, winners)
    return
  end
  -- the seat that won a Cockroach throw takes the next turn (MI-10)
  begin_turn(g, next or (p + 1) % n, keeper)
end

-- MI-V1: penalty points of every hand (a player who went out has none): a list indexed seat + 1
function penalties(g)
  local scores = {}
  for seat = 0, g:players() - 1 do
    local sum = 0
    local hand = g:cards("hand", seat)
    for i = 1, #hand do sum = sum + CARD_PENALTY[hand[i]] end
    scores[seat + 1] = sum
  end
  return scores
end

-- MI-17: the base game is one round; the winner of the round wins. round_end carries the penalty points
-- each hand would score under MI-V1 (not added to the totals in the base game). `winners`: the seats
-- that won the round (a list).
function end_round(g, winners)
  g:rule("MI-17")
  g:round_end(g:get("round"), penalties(g))
  counter(g, "rounds", 1)
  g:finish(winners)
end

local function give(g, from, id, to)
  g:move(id, "hand", from, "hand", to)
  g:sort("hand", to)
  -- (g:emit: the fields as arguments, no table built for them, as for every event of a turn)
  g:emit("gift", nil, "seat", from, "to", to)
  g:emit("received", to, "seat", to, "from", from, "card", id)
end

-- `seat` answered `move` in the phase asked: "play ID", "draw", "cheat ID", "give ID to S",
-- "throw ID", "accuse" or "pass" (MI-5..MI-15) (hook)
function on_move(g, seat, move)
  -- the values most moves need, read in one call (a call into Go costs as much as ~15 Lua steps)
  local phase, stall, p, keeper, next = g:get("phase", "stall", "turn", "keeper", "next")
  -- "play G3", "give S1 to 2", "accuse"... (the load-time tables read inline: a Lua call costs more;
  -- a gift's seat, MOVE_TO, only in the one phase that reads it)
  local verb, id, to = MOVE_VERB[move], MOVE_ID[move], nil
  if verb == nil then verb, id, to = parse(move) end
  if phase == "turn" then
    if verb == "cheat" then
      -- MI-13: up the sleeve (into the box when the turn is over), seen by nobody but the cheater
      g:rule("MI-13")
      g:move(id, "hand", seat, "sleeve", seat)
      g:set("cheated", id, seat)
      g:stat(seat, "cheats", 1)
      g:add("cheats", 1, "hidden")
      ask_turn(g, seat, false, keeper)
    elseif verb == "play" then
      -- MI-7: only the Keeper is offered a Mito (both marks in one call)
      if CARD_KIND[id] == "mito" then g:rule("MI-5", "MI-7") else g:rule("MI-5") end
      g:move(id, "hand", seat, "discard", nil)
      if stall ~= 0 then g:set("stall", 0) end
      power(g, seat, id, keeper)
    elseif verb == "draw" then
      g:rule("MI-6")
      if draw_card(g, seat) then
        if stall ~= 0 then g:set("stall", 0) end
      else
        g:rule("MI-D3") -- nothing to draw: the player passes
        g:set("stall", stall + 1)
        g:emit("no_card", nil, "seat", seat)
      end
      end_turn(g, seat, keeper)
    end
  elseif phase == "mosquito" then
    give(g, seat, id, g:get("slowest"))
    next_gift(g, nextseat(g, seat))
  elseif phase == "spider" then
    give(g, seat, id, to or MOVE_TO[move])
    end_turn(g, p, keeper)
  elseif phase == "cockroach" then
    if verb == "throw" then g:sset(seat, "throw", id, "hidden") end
    next_throw(g, g:get("roach_k") + 1)
  elseif phase == "reply" then
    if verb == "pass" then
      finish_turn(g, p, keeper, stall, next)
      return
    end
    g:rule("MI-14")
    g:stat(seat, "accusations", 1)
    -- guilt is read from the sleeve, not from `cheated`: a search bot's sampled world redeals the
    -- sleeve as it redeals every zone whose size the Keeper does not know, and keeps hidden values
    local cheated = g:top("sleeve", p)
    g:emit("accusation", nil, "seat", p, "guilty", cheated ~= nil)
    if cheated then
      -- MI-14: the cheated card comes back, the Keeper gives a card and the Keeper card
      g:move(cheated, "sleeve", p, "hand", p)
      g:sort("hand", p)
      g:stat(p, "caught", 1)
      counter(g, "caught", 1)
      if ask_gift(g, seat, p) > 0 then
        g:set_values("cheated", nil, "phase", "penalty") -- (one call into Go for the two)
      else
        g:set("cheated", nil)
        g:rule("MI-8") -- the Keeper holds only a last card or Mitos: she gives none
        hand_over(g, keeper, p, stall, next)
      end
    else
      g:stat(seat, "wrong_accusations", 1)
      if draw_card(g, seat) and stall ~= 0 then
        g:set("stall", 0)
        stall = 0
      end
      finish_turn(g, p, keeper, stall, next)
    end
  elseif phase == "penalty" then
    give(g, seat, id, p)
    hand_over(g, keeper, p, stall, next)
  else
    error("unexpected move " .. move .. " in phase " .. tostring(phase))
  end
end

-- typed moves in any case and spacing (`Play g3`) are matched by the engine itself

-- the game's extra numbers for sim: cheats, cheats caught, blocked rounds; returns {game = {...}} (hook)
function stats(g)
  -- per game: cheats attempted and caught by the whole table (per seat: the `cheats` and `caught` stats)
  return {game = {all_cheats = g:get("cheats") or 0, all_caught = g:get("caught") or 0,
    blocked_rounds = g:get("blocked_rounds") or 0}}
end

-- for a search bot that cuts its playouts short (ismcts horizon=): each seat's standing, higher is
-- better. The first player out of cards wins the round (MI-17), so fewer cards in hand stand better.
function evaluate(g)
  local v = {}
  for seat = 0, g:players() - 1 do v[seat + 1] = -g:count("hand", seat) end
  return v
end

-- for a search bot's sampled world: how likely is what `seat` saw there? A sampled world deals the
-- sleeve (a cheat this turn) as often as not; the Keeper waiting to reply has seen the MI-15 signal,
-- so each world counts with the chance of that signal in it (scaled so the likelier case is kept).
function sample_ok(g, seat)
  local signal = g:get("signal")
  if g:get("phase") ~= "reply" or seat ~= g:get("keeper") then return true end
  local cheated, clean = DETECT, FALSE_ALARM
  if not signal then cheated, clean = 1 - cheated, 1 - clean end
  local chance = g:top("sleeve", g:get("turn")) ~= nil and cheated or clean
  return chance / math.max(cheated, clean)
end

-- for a search bot's playouts (ismcts `rollout=rules`): a quick, plausible move, decided only on what
-- the seat may know (its hand, the pile, the Keeper's own signal). math.random is the search's.
-- The Keeper accuses after a suspicious signal; a player throws on a Cockroach, cheats a Mito away half
-- the time (it leaves a non-Keeper's hand no other way), else plays a card at random, else draws.
function rollout(g, seat, legal)
  if legal[1] == "accuse" then return g:get("signal") and "accuse" or "pass" end
  local play, plays, mito = nil, 0, nil
  for i = 1, #legal do
    local verb = MOVE_VERB[legal[i]]
    if verb == "throw" then return legal[i] end
    if verb == "play" then
      plays = plays + 1
      if math.random(plays) == 1 then play = legal[i] end
    elseif verb == "cheat" and kind(MOVE_ID[legal[i]]) == "mito" then
      mito = legal[i]
    end
  end
  if mito and math.random() < 0.5 then return mito end
  if play then return play end
  if MOVE_VERB[legal[1]] and MOVE_VERB[legal[1]] ~= "give" then
    for i = 1, #legal do if legal[i] == "draw" then return "draw" end end
  end
  return legal[math.random(#legal)]
end
