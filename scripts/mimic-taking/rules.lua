-- Mimic Taking rules (variants/mimic-taking/RULES.md). The Go trick mechanic plays the cards and
-- enforces the follow rule (MT-3..MT-7); these hooks decide tricks, taking and scoring.
--
-- Rule marks: g:rule("MT-n") says rule MT-n acted (ruleslab sim --coverage counts them). The pure helpers
-- below (trick_winner, score_counts, ...) mark nothing, as bots call them on tricks that were not played;
-- trick_done and score_round mark what they decided.
--
-- Speed: trick_winner, trick_done and on_move run about 100 times a game, and in every playout of a
-- search bot, so they read card facts from the tables below (built once when the script loads) instead
-- of CARDS[id].field, build few tables and let Go count and spell (g:tally, g:count, g:first_of,
-- g:ask_subsets). One engine runs every game of a worker and this script's globals are read-only after
-- loading: game state lives only in g.
--
-- Pure helpers for bots: trick_winner, score_counts, stack_score, auto_colour and auto_last read only
-- their arguments, the params (read at load, below) and g:players/g:card/g:is_card, so a bot calls them
-- as RULES.<name>(g, ...) and plays by the rules of the variant it is in (params and override scripts
-- included).

local COLORS = {"O", "B", "P", "G"}
local COLOR_INDEX = {O = 1, B = 2, P = 3, G = 4}

-- Card facts by id, from CARDS: NUMBER and COLOR (colour index 1..4) are nil for a Mimic (MT-10);
-- RANK is the catalogue order (O, B, P, G by number, then the Mimics), used to spell lists of cards.
local NUMBER, COLOR, RANK, MIMIC = {}, {}, {}, {}
for id, c in pairs(CARDS) do
  if c.kind == "mimic" then
    MIMIC[id] = c.n
    RANK[id] = 100 + c.n
  else
    NUMBER[id] = c.number
    COLOR[id] = COLOR_INDEX[c.color]
    RANK[id] = COLOR[id] * 10 + c.number
  end
end

-- The Mimics in id order (M1, M2, ...), the seat value that records each one's colour (MT-19), and its
-- `mimic` moves by colour index, spelled once here rather than on every decision.
-- MIMIC_MOVE_ID[move], MIMIC_MOVE_COLOR[move]: what each of those moves says.
-- MIMIC_KEYS[n]: the seat value of Mimic number n (MIMIC_KEY[MIMIC_IDS[n]], one lookup fewer)
local MIMIC_IDS, MIMIC_KEY, MIMIC_KEYS, MIMIC_MOVES, MIMIC_MOVE_ID, MIMIC_MOVE_COLOR = {}, {}, {}, {}, {}, {}
for id, n in pairs(MIMIC) do MIMIC_IDS[n] = id end
for n, id in ipairs(MIMIC_IDS) do
  MIMIC_KEY[id] = "mimic_" .. id
  MIMIC_KEYS[n] = MIMIC_KEY[id]
  MIMIC_MOVES[id] = {}
  for k = 1, 4 do
    local move = "mimic " .. id .. " " .. COLORS[k]
    MIMIC_MOVES[id][k], MIMIC_MOVE_ID[move], MIMIC_MOVE_COLOR[move] = move, id, COLORS[k]
  end
end

-- params keyed by a count ("3": ...) are read with these keys (tostring costs a call)
local KEY = {}
for i = 1, 16 do KEY[i] = tostring(i) end

-- the params, read once here (PARAMS: they never change within an engine) rather than with a g:param
-- call on every trick or decision; the helpers bots call read them too, a bot's g:param costing more
local ORIGINAL_LEAD = PARAMS.mimic_lead == "original" -- MT-D1
local SMALLEST_ALL = PARAMS.scoring.smallest == "all" -- MT-D4
local AUTO_FIRST = PARAMS.auto_first -- MT-D3
local BONUS = {} -- MT-21: BONUS[n], the perfect mimicry bonus with n colours present
for n = 2, 4 do BONUS[n] = PARAMS.scoring.bonus[KEY[n]] end
local ROUNDS, HAND_SIZE = PARAMS.rounds, PARAMS.hand_size -- MT-24, MT-1: by player count ("3", "4")
local REMOVED_AT_3 = {} -- MT-1: the ids out of the game at 3 players, spelled once
for _, number in ipairs(PARAMS.removed_at_3) do
  for k = 1, 4 do REMOVED_AT_3[#REMOVED_AT_3 + 1] = COLORS[k] .. number end
end

-- MIMIC_ASK[16 * (n - 1) + present]: the `mimic` moves of Mimic number n offering the colours of the
-- bit mask `present` (BIT[k] set: COLORS[k] is in the stack) in COLORS order (MT-19), as fixed lists
-- (g:ask reads a fixed list once) rather than a list built on every decision
local BIT, MIMIC_ASK = {1, 2, 4, 8}, {}
for n, id in ipairs(MIMIC_IDS) do
  for present = 1, 15 do
    local moves = {}
    for k = 1, 4 do
      if present % (2 * BIT[k]) >= BIT[k] then moves[#moves + 1] = MIMIC_MOVES[id][k] end
    end
    MIMIC_ASK[16 * (n - 1) + present] = moves
  end
end

-- sorts a short list of card ids into catalogue order, in place (an insertion sort: no comparator
-- function to call from table.sort)
local function sort_cards(list)
  for i = 2, #list do
    local id, r = list[i], RANK[list[i]]
    local j = i - 1
    while j >= 1 and RANK[list[j]] > r do
      list[j + 1] = list[j]
      j = j - 1
    end
    list[j + 1] = id
  end
  return list
end

-- MT-8..MT-12: the winning position in the trick and how it was won: "trump" (MT-8), "closest" (MT-9),
-- "lead" (MT-11) or "mimics" (MT-12). The engine hands the second value to trick_done. Pure: bots call
-- it with a trick table of their own ({cards = ..., lead = index of the first non-Mimic or nil}).
function trick_winner(g, trick)
  local cards, lead = trick.cards, trick.lead
  if lead == nil then
    return #cards, "mimics" -- MT-12: every card is a Mimic; the last one played wins
  end
  local lead_id = cards[lead]
  local lnum, lcol = NUMBER[lead_id], COLOR[lead_id]
  -- Only cards after the lead card matter (before it: Mimics). From the last one played: the first card of the
  -- lead number (necessarily another colour) is the last trump and wins (MT-8); otherwise the lead colour's card
  -- closest to the lead number wins, the later one on equal distance (MT-9). Mimics have neither (MT-10).
  local closest, dist = nil, 100
  for i = #cards, lead + 1, -1 do
    local id = cards[i]
    local num = NUMBER[id]
    if num == lnum then return i, "trump" end
    if COLOR[id] == lcol then
      local d = num - lnum
      if d < 0 then d = -d end
      if d < dist then
        closest = i
        dist = d
      end
    end
  end
  if closest then return closest, "closest" end
  -- MT-11: nobody followed: the lead player wins (MT-D1 says who that is after a Mimic lead)
  if ORIGINAL_LEAD then return 1, "lead" end
  return lead, "lead"
end
local rules_trick_winner = trick_winner

-- The trick went to seat `winner`: the next trick or, when `over`, the round's end. The caller marks
-- MT-16 or MT-17 in the g:rule call that says how the trick was taken (each g: call costs about a dozen
-- statements).
local function after_trick(g, winner, over)
  if over then
    g:rule("MT-22", "MT-D3") -- the end-of-round choices are decisions
    g:set("last_winner", winner) -- MT-23: leads the next round
    -- MT-18/19: each player decides, seat 0 first. A stack stays face down (MT-15) until its owner
    -- has chosen for the last card (the rulebook: choose, then reveal); on_move turns it over.
    ask_last(g, 0)
  else
    g:start_trick((winner + 1) % g:players()) -- MT-16
  end
end

-- how a trick taken whole was won (trick_winner's second value) -> the rule that says so (MT-9, MT-11,
-- MT-12), looked up rather than compared on every trick
local HOW_RULE = {closest = "MT-9", lead = "MT-11", mimics = "MT-12"}

-- MT-13/MT-14: the trick `trick` is settled for seat `winner`: it takes the cards, or after a trump
-- win (how == "trump") chooses the cards to keep; then the next trick or the round end (hook).
-- `how` is trick_winner's second value. An override's trick_winner that returns only a position gives
-- nil: then ask this script's own analysis.
function trick_done(g, winner, trick, how)
  if how == nil then
    local _
    _, how = rules_trick_winner(g, trick)
  end
  g:stat(winner, "tricks", 1)
  local lead = trick.lead
  if lead and lead > 1 then g:rule("MT-7", "MT-D1") end -- a Mimic was led
  if how == "trump" then
    g:rule("MT-8")
    g:stat(winner, "trump_wins", 1)
    -- MT-14: the winner's decision, every subset of the trick's cards from all kept to none kept, cards
    -- spelled in catalogue order
    g:ask_subsets(winner, "keep", "trick", nil)
    return
  end
  -- the winner takes the trick (MT-13), won by the closest card, by the lead player or by the last Mimic
  g:move_all("trick", nil, "won", winner)
  -- MT-17: each seat plays one card per trick, so every hand has the same size: the round ends when
  -- the winner's hand has one card left
  if g:count("hand", winner) == 1 then
    g:rule("MT-13", HOW_RULE[how] or "MT-12", "MT-17")
    after_trick(g, winner, true)
  else
    g:rule("MT-13", HOW_RULE[how] or "MT-12", "MT-16")
    g:start_trick((winner + 1) % g:players()) -- MT-16, inline: a Lua call costs as much as a g: call
  end
end

-- MT-14: the kept cards (listed in the move) go to the winner's stack, the rest out of the round,
-- each in trick order
local function take_kept(g, seat, move)
  local kept = {words(move)} -- "keep", then the kept ids
  local cards = g:cards("trick")
  if #kept > #cards then -- all kept
    g:move_all("trick", nil, "won", seat)
    return
  end
  for i = 1, #cards do
    local id = cards[i]
    for j = 2, #kept do
      if kept[j] == id then g:move(id, "trick", nil, "won", seat) end
    end
  end
  g:move_all("trick", nil, "removed", nil) -- the rest, in one call
end

-- MT-20/MT-21: the score of colour counts (a list in COLORS order, Mimics already added to colours):
-- a number, the perfect-mimicry bonus or minus (largest - smallest)
function score_counts(g, counts)
  local present, largest, smallest = 0, 0, 1e9 -- 1e9: above any count
  for i = 1, 4 do
    local k = counts[i]
    if k > 0 then
      present = present + 1
      if k > largest then largest = k end
      if k < smallest then smallest = k end
    end
  end
  if present == 0 then return 0 end -- no cards, or only Mimics
  if present >= 2 and largest == smallest then
    return BONUS[present] -- perfect mimicry
  end
  if present == 1 then smallest = 0 end
  -- MT-D4: `all` counts every colour, so a colour not taken makes the smallest count 0
  if SMALLEST_ALL and present < 4 then smallest = 0 end
  return -(largest - smallest)
end

-- MT-D3's auto policy for a Mimic: the smallest colour present (the first in colour order on a tie), as
-- a colour index; nil when no colour is present. Giving each Mimic in turn to the smallest colour
-- minimises largest-smallest and reaches equal counts whenever any assignment can, so it is optimal
-- for both scoring readings (MT-D4).
function auto_colour(counts)
  local low, least = nil, 1e9 -- least: counts[low] (1e9: above any count), read once: bots call this often
  for k = 1, 4 do
    local n = counts[k]; if n > 0 and n < least then low, least = k, n end
  end
  return low
end

-- The score of a stack (colour counts and a number of Mimics) once the auto policy assigned its Mimics:
-- a number (score_counts of the counts with each Mimic added to auto_colour's colour).
function stack_score(g, counts, mimics)
  if mimics == 0 then return score_counts(g, counts) end -- nothing to add: no copy (score_counts only reads)
  local c = {counts[1], counts[2], counts[3], counts[4]}
  for _ = 1, mimics do
    local low = auto_colour(c)
    if low == nil then break end -- only Mimics: no colour to add them to
    c[low] = c[low] + 1
  end
  return score_counts(g, c)
end

-- MT-D3's auto policy for MT-18: true when adding the last card `last` to the stack (colour counts
-- `counts`, `mimics` Mimics) scores at least as well as setting it aside.
function auto_last(g, counts, mimics, last)
  local without = stack_score(g, counts, mimics)
  local c = {counts[1], counts[2], counts[3], counts[4]}
  local m = mimics
  if MIMIC[last] then m = m + 1 else c[COLOR[last]] = c[COLOR[last]] + 1 end
  return stack_score(g, c, m) >= without
end

-- MT-18: add the last card or set it aside. By default the two are listed in a fixed order; with the
-- param auto_first (MT-D3) the auto policy's choice comes first, a hint about a face-down stack that
-- the physical game does not give.
local LAST_MOVES, LAST_DISCARD_FIRST = {"last add", "last discard"}, {"last discard", "last add"}
-- MT-18: asks seat `seat` to add its last card or set it aside (moves "last add", "last discard")
function ask_last(g, seat)
  if AUTO_FIRST then
    -- the stack is still face down (see after_trick): zone `won`
    local counts = g:tally("won", seat, "color", COLORS)
    local mimics = g:count_kind("won", seat, "mimic")
    if not auto_last(g, counts, mimics, g:top("hand", seat)) then
      g:ask(seat, LAST_DISCARD_FIRST)
      return
    end
  end
  g:ask(seat, LAST_MOVES)
end

-- The counted stack's colour counts (a list in COLORS order, counted in Go) with the Mimics assigned
-- so far (seat value mimic_<id>) added. `forget`: clear those values (the round is being scored).
local function assigned_counts(g, seat, forget)
  local counts = g:tally("counted", seat, "color", COLORS)
  -- every Mimic's value is read (not only those of the Mimics held): in a search's sampled world the
  -- stack may hold other Mimics than its values name, and the search's choices depend on their scores
  if g:count_kind("counted", seat, "mimic") > 0 then
    for n = 1, #MIMIC_KEYS do
      local key = MIMIC_KEYS[n]
      local col = g:sget(seat, key)
      if col then
        local k = COLOR_INDEX[col]
        counts[k] = counts[k] + 1
        if forget then g:sset(seat, key, nil) end
      end
    end
  end
  return counts
end

-- MT-D3 with auto_first: Mimic `id`'s moves, the auto policy's colour first, then the other colours
-- present (`counts`: the stack's colour counts without its Mimics)
local function auto_first_moves(g, seat, id, counts)
  local first = auto_colour(assigned_counts(g, seat))
  local spelled = MIMIC_MOVES[id]
  local moves = {}
  if first then moves[1] = spelled[first] end
  for k = 1, 4 do
    if counts[k] > 0 and k ~= first then moves[#moves + 1] = spelled[k] end
  end
  return moves
end

-- deals round `round` to the n players
local function deal_round(g, n, round)
  -- gather every card back into the deck. At the end of a round the hands and won stacks are empty
  -- (each seat's `last` move emptied them), so only the counted stacks and the removed cards return.
  for seat = 0, n - 1 do g:move_all("counted", seat, "deck", nil) end
  g:move_all("removed", nil, "deck", nil)
  -- MT-1: at 3 players the four 9s are out of the game
  g:rule("MT-1")
  if n == 3 then
    for i = 1, #REMOVED_AT_3 do g:move(REMOVED_AT_3[i], "deck", nil, "removed", nil) end
  end
  local size = HAND_SIZE[KEY[n]]
  local hands = round == 1 and g:fixed("hands") or nil
  if hands then
    g:sort("deck") -- the cards not dealt stay in catalogue order (g:shuffle's order ignores the deck's)
    if #hands ~= n then error(string.format("setup.hands: %d hands for %d players", #hands, n), 0) end
    for seat = 0, n - 1 do
      local h = hands[seat + 1]
      if #h ~= size then
        error(string.format("setup.hands[%d]: %d cards, but %d are dealt to each of %d players", seat, #h, size, n), 0)
      end
      for _, id in ipairs(h) do
        if not g:is_card(id) then error(string.format("setup.hands[%d]: no card %q", seat, id), 0) end
        if not g:has("deck", id) then error(string.format("setup.hands[%d]: card %s is dealt twice or is out of the game", seat, id), 0) end
        g:move(id, "deck", nil, "hand", seat)
      end
    end
  else
    g:shuffle("deck")
    g:deal("deck", nil, "hand", size) -- one card at a time around the table, from seat 0
  end
  for seat = 0, n - 1 do g:sort("hand", seat) end
end

-- MT-1/MT-2: the lead player (drawn, or the scenario's fixed `leader`), round 1 dealt, the first
-- trick started (hook, called once)
function setup(g)
  local n = g:players()
  local leader = g:fixed("leader")
  if leader == nil then
    leader = g:random(n, "first_player") - 1
    g:rule("MT-2")
  elseif leader < 0 or leader >= n then
    error(string.format("setup.leader: no seat %d", leader), 0)
  end
  g:set("round", 1)
  deal_round(g, n, 1)
  g:start_trick(leader)
end

-- MT-20..MT-24: scores every counted stack (score_counts), then deals the next round or ends
-- the game (highest total wins); called once all stacks are counted
function score_round(g)
  local n = g:players()
  local scores = {}
  for seat = 0, n - 1 do
    local counts = assigned_counts(g, seat, true)
    local score = score_counts(g, counts)
    scores[seat + 1] = score
    g:add_score(seat, score)
    -- the scoring rule that gave the score: the perfect-mimicry bonus, or 0 for a stack with no colour
    -- (MT-21), or a penalty (MT-20; MT-D4 when colours were missing from a stack of several colours,
    -- as the reading of "smallest" then matters)
    if score >= 0 then
      g:rule("MT-21")
    else
      local present = 0
      for k = 1, 4 do
        if counts[k] > 0 then present = present + 1 end
      end
      if present > 1 and present < 4 then g:rule("MT-20", "MT-D4") else g:rule("MT-20") end
    end
    -- why, for the stack's owner only (stacks stay face down, MT-15): its colour counts, Mimics added
    g:emit("stack", seat, "seat", seat, "O", counts[1], "B", counts[2], "P", counts[3], "G", counts[4],
      "score", score)
  end
  local round, leader = g:get("round", "last_winner")
  g:round_end(round, scores)
  if round >= ROUNDS[KEY[n]] then
    g:rule("MT-24") -- highest total wins; ties share the victory
    local totals = {}
    for seat = 0, n - 1 do totals[seat + 1] = g:score(seat) end
    local best = math.max(unpack(totals))
    local winners = {}
    for seat = 0, n - 1 do if totals[seat + 1] == best then winners[#winners + 1] = seat end end
    g:finish(winners)
    return
  end
  g:set("round", round + 1)
  g:rule("MT-23")
  deal_round(g, n, round + 1)
  g:start_trick(leader)
end

-- MT-14, MT-18, MT-19: `seat` answered `move`: "keep ...", "last add|discard" or "mimic ID COLOUR",
-- each spelled as this script offered it (plays of cards are the trick mechanic's, through trick_winner
-- and trick_done) (hook). The moves spelled at load are looked up rather than split (words is a call
-- into Go), and handled here rather than in a function each (a Lua call costs as much as a g: call).
function on_move(g, seat, move)
  local mimic = MIMIC_MOVE_ID[move]
  local after = 0 -- the number of the Mimic just decided, 0 after the last card (MT-19)
  if mimic then -- MT-19: `seat` counts Mimic `mimic` as the move's colour
    g:rule("MT-19")
    g:sset(seat, MIMIC_KEY[mimic], MIMIC_MOVE_COLOR[move], "owner")
    after = MIMIC[mimic]
  elseif move == "last add" or move == "last discard" then
    -- MT-18: the last card added to the stack or set aside, then the stack revealed for scoring
    g:rule("MT-18")
    g:move_all("won", seat, "counted", seat)
    if move == "last add" then -- the hand's one card
      g:move_top("hand", seat, "counted", seat)
    else
      g:move_top("hand", seat, "removed", nil)
    end
  elseif words(move) == "keep" then
    take_kept(g, seat, move)
    local over = g:count("hand", seat) == 1 -- MT-17 (see trick_done)
    g:rule("MT-14", over and "MT-17" or "MT-16")
    after_trick(g, seat, over)
    return
  else
    error("unexpected move " .. move, 0)
  end
  -- MT-19: one decision per Mimic of the stack in id order (the next one after Mimic number `after`),
  -- offering the colours present in COLORS order (with auto_first, the auto policy's colour first); a
  -- stack with no colour present needs none. Then the next seat decides, or the round is scored.
  local n, id = g:first_of("counted", seat, MIMIC_IDS, after + 1)
  if n then
    -- the colours in the stack, a bit each (BIT: O 1, B 2, P 4, G 8; assigned Mimics add none), in Go
    local present = g:tally_mask("counted", seat, "color", COLORS)
    if present > 0 then
      if AUTO_FIRST then
        g:ask(seat, auto_first_moves(g, seat, id, g:tally("counted", seat, "color", COLORS)))
      else
        g:ask(seat, MIMIC_ASK[16 * (n - 1) + present])
      end
      return
    end
  end
  if seat + 1 < g:players() then
    ask_last(g, seat + 1)
  else
    score_round(g)
  end
end

-- `keep B4 O4` and `keep O4 B4` are the same choice: returns `move` with its kept cards in catalogue
-- order, or unchanged (hook, read-only)
function normalize(g, seat, move)
  local parts = {words(move)}
  if parts[1] ~= "keep" then return move end
  local ids = {}
  for i = 2, #parts do
    if not g:is_card(parts[i]) then return move end
    ids[#ids + 1] = parts[i]
  end
  sort_cards(ids)
  if #ids == 0 then return "keep" end
  return "keep " .. table.concat(ids, " ")
end
