-- Mimic Taking rules (../shared/rules/mimic-taking.md). The Go trick mechanic plays the cards and
-- enforces the follow rule (MT-3..MT-7); these hooks decide tricks, taking and scoring.

local COLORS = {"O", "B", "P", "G"}

local function is_mimic(id) return CARDS[id].kind == "mimic" end

-- catalogue rank, so lists of cards are always spelled in one order (O, B, P, G by number, then M)
local COLOR_RANK = {O = 1, B = 2, P = 3, G = 4}
local function rank(id)
  local c = CARDS[id]
  if c.kind == "mimic" then return 100 + c.n end
  return COLOR_RANK[c.color] * 10 + c.number
end
local function sort_cards(list)
  table.sort(list, function(a, b) return rank(a) < rank(b) end)
  return list
end

local function nplayers_key(g) return tostring(g:players()) end

-- analyse returns the winning position in the trick and how it was won:
-- "trump" (MT-8), "closest" (MT-9), "lead" (MT-11) or "mimics" (MT-12).
function analyse(g, trick)
  local cards = trick.cards
  local n = #cards
  local lead = trick.lead
  if lead == nil then
    return n, "mimics" -- MT-12: every card is a Mimic; the last one played wins
  end
  local lc = CARDS[cards[lead]]
  -- MT-8: a card of the lead number (another colour) is a trump; the last trump played wins
  local trump
  for i = 1, n do
    local c = CARDS[cards[i]]
    if i ~= lead and c.kind ~= "mimic" and c.number == lc.number then trump = i end
  end
  if trump then return trump, "trump" end
  -- MT-9: closest number in the lead colour, the later card on equal distance
  local best, bestd
  for i = 1, n do
    local c = CARDS[cards[i]]
    if i ~= lead and c.kind ~= "mimic" and c.color == lc.color then
      local d = math.abs(c.number - lc.number)
      if bestd == nil or d <= bestd then best, bestd = i, d end
    end
  end
  if best then return best, "closest" end
  -- MT-11: nobody followed: the lead player wins (MT-D1 says who that is after a Mimic lead)
  if g:param("mimic_lead") == "original" then return 1, "lead" end
  return lead, "lead"
end

local function deal_round(g)
  local n = g:players()
  -- gather every card back into the deck
  for seat = 0, n - 1 do
    g:move_all("hand", seat, "deck", nil)
    g:move_all("won", seat, "deck", nil)
    g:move_all("counted", seat, "deck", nil)
  end
  g:move_all("trick", nil, "deck", nil)
  g:move_all("removed", nil, "deck", nil)
  g:sort("deck")
  -- MT-1: at 3 players the four 9s are out of the game
  if n == 3 then
    for _, num in ipairs(g:param("removed_at_3")) do
      for _, col in ipairs(COLORS) do g:move(col .. num, "deck", nil, "removed", nil) end
    end
  end
  local size = g:param("hand_size")[nplayers_key(g)]
  local hands = g:get("round") == 1 and g:fixed("hands") or nil
  if hands then
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
    for _ = 1, size do
      for seat = 0, n - 1 do g:move_top("deck", nil, "hand", seat) end
    end
  end
  for seat = 0, n - 1 do g:sort("hand", seat) end
end

function setup(g)
  local n = g:players()
  local leader = g:fixed("leader")
  if leader == nil then
    leader = g:random(n) - 1 -- MT-2
  elseif leader < 0 or leader >= n then
    error(string.format("setup.leader: no seat %d", leader), 0)
  end
  g:set("round", 1)
  deal_round(g)
  g:start_trick(leader)
end

function trick_winner(g, trick)
  local w = analyse(g, trick)
  return w
end

-- every subset of the trick's cards, from all kept to none kept (MT-14)
local function keep_moves(cards)
  sort_cards(cards)
  local moves = {}
  local k = #cards
  for mask = 2 ^ k - 1, 0, -1 do
    local parts = {"keep"}
    for i = 1, k do
      if math.floor(mask / 2 ^ (i - 1)) % 2 == 1 then parts[#parts + 1] = cards[i] end
    end
    moves[#moves + 1] = table.concat(parts, " ")
  end
  return moves
end

local function round_over(g)
  for seat = 0, g:players() - 1 do
    if g:count("hand", seat) ~= 1 then return false end
  end
  return true -- MT-17
end

local function after_trick(g, winner)
  g:set("last_winner", winner)
  if round_over(g) then
    -- MT-18/19: each player decides, seat 0 first. A stack stays face down (MT-15) until its owner
    -- has chosen for the last card (the rulebook: choose, then reveal); on_move turns it over.
    g:set("phase", "last")
    g:set("deciding", 0)
    ask_last(g, 0)
  else
    g:start_trick((winner + 1) % g:players()) -- MT-16
  end
end

function trick_done(g, winner, trick)
  g:stat(winner, "tricks", 1)
  local _, how = analyse(g, trick)
  if how == "trump" then
    g:stat(winner, "trump_wins", 1)
    g:set("phase", "keep")
    g:set("keeper", winner)
    g:ask(winner, keep_moves(g:cards("trick"))) -- MT-14: the winner's decision
    return
  end
  g:move_all("trick", nil, "won", winner) -- MT-13
  after_trick(g, winner)
end

-- A seat's stack (zone `counted`, or `zone` if given) as colour counts, a list in COLORS order (0 for
-- a colour not present; counted in Go), plus its Mimics in id order; `extra` is one more card (the
-- last hand card, for MT-18's choice). Lists, not colour-keyed tables: they cost no map in gopher-lua.
local function stack_counts(g, seat, extra, zone)
  zone = zone or "counted"
  local counts = g:tally(zone, seat, "color", COLORS)
  local mimics = {}
  if g:count_kind(zone, seat, "mimic") > 0 then
    local cards = g:cards(zone, seat)
    for i = 1, #cards do
      local c = CARDS[cards[i]]
      if c.kind == "mimic" then mimics[c.n] = c.id end
    end
  end
  if extra then
    if is_mimic(extra) then mimics[CARDS[extra].n] = extra
    else
      local k = COLOR_RANK[CARDS[extra].color]
      counts[k] = counts[k] + 1
    end
  end
  local ordered = {}
  for n = 1, 4 do if mimics[n] then ordered[#ordered + 1] = mimics[n] end end
  return counts, ordered
end

-- MT-20/MT-21: the score of colour counts (Mimics already added to their colours)
function score_counts(g, counts)
  local present, largest, smallest = 0, 0, nil
  for i = 1, 4 do
    local k = counts[i]
    if k > 0 then
      present = present + 1
      if k > largest then largest = k end
      if smallest == nil or k < smallest then smallest = k end
    end
  end
  if present == 0 then return 0 end -- no cards, or only Mimics
  if present >= 2 and largest == smallest then
    return g:param("scoring.bonus")[tostring(present)] -- perfect mimicry
  end
  if present == 1 then smallest = 0 end
  -- MT-D4: `all` counts every colour, so a colour not taken makes the smallest count 0
  if g:param("scoring.smallest") == "all" and present < 4 then smallest = 0 end
  return -(largest - smallest)
end

-- MT-D3's auto policy: each Mimic in turn goes to the smallest present colour (the first in colour
-- order on a tie). That minimises largest-smallest and reaches equal counts whenever any assignment
-- can, so it is optimal for both scoring readings. Returns the colour per Mimic and the final counts.
local function fill(counts, n)
  local c = {counts[1], counts[2], counts[3], counts[4]}
  local picks = {}
  if c[1] + c[2] + c[3] + c[4] == 0 then return picks, c end
  for i = 1, n do
    local low
    for k = 1, 4 do
      if c[k] > 0 and (low == nil or c[k] < c[low]) then low = k end
    end
    c[low] = c[low] + 1
    picks[i] = COLORS[low]
  end
  return picks, c
end

-- MT-18: the auto policy's choice comes first in the list
function ask_last(g, seat)
  local last = g:cards("hand", seat)[1]
  local with, wm = stack_counts(g, seat, last, "won") -- still face down: see after_trick
  local without, m = stack_counts(g, seat, nil, "won")
  local _, cw = fill(with, #wm)
  local _, co = fill(without, #m)
  if score_counts(g, cw) >= score_counts(g, co) then
    g:ask(seat, {"last add", "last discard"})
  else
    g:ask(seat, {"last discard", "last add"})
  end
end

-- MT-19: one decision per Mimic in id order, the auto policy's colour first; a stack with no colour
-- present needs none.
-- the counted stack's colour counts with the Mimics assigned so far added, and the Mimics still to assign
local function assigned_counts(g, seat)
  local counts, mimics = stack_counts(g, seat, nil)
  local pending = {}
  for i = 1, #mimics do
    local id = mimics[i]
    local col = g:sget(seat, "mimic_" .. id)
    if col then
      local k = COLOR_RANK[col]
      counts[k] = counts[k] + 1
    else
      pending[#pending + 1] = id
    end
  end
  return counts, pending, mimics
end

local function ask_next_mimic(g, seat)
  local counts, pending = assigned_counts(g, seat)
  if counts[1] + counts[2] + counts[3] + counts[4] > 0 and #pending > 0 then
    local id = pending[1]
    local picks = fill(counts, #pending)
    local moves = {"mimic " .. id .. " " .. picks[1]}
    for i = 1, 4 do
      local col = COLORS[i]
      if counts[i] > 0 and col ~= picks[1] then moves[#moves + 1] = "mimic " .. id .. " " .. col end
    end
    g:ask(seat, moves)
    return
  end
  -- this seat is done; the next seat decides, or the round is scored
  if seat + 1 < g:players() then
    g:set("phase", "last")
    g:set("deciding", seat + 1)
    ask_last(g, seat + 1)
  else
    score_round(g)
  end
end

function score_round(g)
  local n = g:players()
  local scores = {}
  for seat = 0, n - 1 do
    local counts, _, mimics = assigned_counts(g, seat)
    for i = 1, #mimics do g:sset(seat, "mimic_" .. mimics[i], nil) end
    scores[seat + 1] = score_counts(g, counts)
    g:add_score(seat, scores[seat + 1])
  end
  local round = g:get("round")
  g:round_end(round, scores)
  g:set("phase", nil)
  g:set("deciding", nil)
  if round >= g:param("rounds")[tostring(n)] then
    -- MT-24: highest total wins; ties share the victory
    local best
    for seat = 0, n - 1 do best = best and math.max(best, g:score(seat)) or g:score(seat) end
    local winners = {}
    for seat = 0, n - 1 do if g:score(seat) == best then winners[#winners + 1] = seat end end
    g:finish(winners)
    return
  end
  g:set("round", round + 1)
  local leader = g:get("last_winner") -- MT-23
  deal_round(g)
  g:start_trick(leader)
end

function on_move(g, seat, move)
  local verb, a, b = words(move)
  if verb == "keep" then
    -- MT-14: kept cards to the winner's stack, the rest out of the round
    local kept = {}
    for i, id in ipairs({words(move)}) do if i > 1 then kept[id] = true end end
    for _, id in ipairs(g:cards("trick")) do
      if kept[id] then g:move(id, "trick", nil, "won", seat) else g:move(id, "trick", nil, "removed", nil) end
    end
    g:set("phase", nil)
    g:set("keeper", nil)
    after_trick(g, seat)
  elseif verb == "last" then
    g:move_all("won", seat, "counted", seat) -- the stack is revealed for scoring (MT-19, MT-20)
    local last = g:cards("hand", seat)[1]
    if a == "add" then
      g:move(last, "hand", seat, "counted", seat)
    else
      g:move(last, "hand", seat, "removed", nil)
    end
    g:set("phase", "mimic")
    ask_next_mimic(g, seat)
  elseif verb == "mimic" then
    g:sset(seat, "mimic_" .. a, b, "owner")
    ask_next_mimic(g, seat)
  else
    error("unexpected move " .. move, 0)
  end
end

-- `keep B4 O4` and `keep O4 B4` are the same choice: spell kept cards in catalogue order
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
