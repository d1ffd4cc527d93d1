-- A one-ply greedy bot for Mimic Taking. It sees only its observation: it remembers the cards it won from
-- the public trick events and its own (private) keep moves, and for each legal play it asks "if the trick
-- ended now as it stands, would I take it, and how would that change my stack's score?".

local COLORS = {"O", "B", "P", "G"}

local function stack_score(cards)
  local counts, present = {O = 0, B = 0, P = 0, G = 0}, {}
  local mimics = 0
  for _, id in ipairs(cards) do
    local c = CARDS[id]
    if c.kind == "mimic" then mimics = mimics + 1 else
      counts[c.color] = counts[c.color] + 1
      present[c.color] = true
    end
  end
  local cols = {}
  for _, col in ipairs(COLORS) do if present[col] then cols[#cols + 1] = col end end
  if #cols == 0 then return 0 end
  -- mimics fill the smallest colours first (a fair approximation of the best assignment)
  for _ = 1, mimics do
    local low = cols[1]
    for _, col in ipairs(cols) do if counts[col] < counts[low] then low = col end end
    counts[low] = counts[low] + 1
  end
  local hi, lo = 0, nil
  for _, col in ipairs(cols) do
    hi = math.max(hi, counts[col])
    lo = lo and math.min(lo, counts[col]) or counts[col]
  end
  if #cols >= 2 and hi == lo then return ({5, 10, 15})[#cols - 1] end
  if #cols == 1 then lo = 0 end
  return lo - hi
end

-- The cards this seat has won this round, kept up to date from the events it is handed (each
-- decision gets only the events since the previous one).
local stack, last_trick = {}, nil

local function remember(obs)
  for _, e in ipairs(obs.events) do
    if e.type == "round_end" then stack = {} end
    if e.type == "trick" then
      last_trick = e.cards
      if e.winner == obs.seat then
        for _, id in ipairs(e.cards) do stack[#stack + 1] = id end
      end
    elseif e.type == "move" and e.seat == obs.seat and e.move:sub(1, 4) == "keep" and last_trick then
      -- a trump win: only the kept cards stay
      local kept = {}
      for _, id in ipairs({words(e.move)}) do kept[id] = true end
      for _, id in ipairs(last_trick) do
        if not kept[id] then
          for i = #stack, 1, -1 do if stack[i] == id then table.remove(stack, i); break end end
        end
      end
    end
  end
  return stack
end

-- who would win the trick on the table if it ended with `cards` (same rules as MT-8..MT-12)
local function winner_pos(cards)
  local lead
  for i, id in ipairs(cards) do if CARDS[id].kind ~= "mimic" then lead = i; break end end
  if not lead then return #cards end
  local lc = CARDS[cards[lead]]
  local trump
  for i, id in ipairs(cards) do
    local c = CARDS[id]
    if i ~= lead and c.kind ~= "mimic" and c.number == lc.number then trump = i end
  end
  if trump then return trump end
  local best, bestd
  for i, id in ipairs(cards) do
    local c = CARDS[id]
    if i ~= lead and c.kind ~= "mimic" and c.color == lc.color then
      local d = math.abs(c.number - lc.number)
      if not bestd or d <= bestd then best, bestd = i, d end
    end
  end
  return best or lead
end

local function with(list, extra)
  local out = {}
  for _, x in ipairs(list) do out[#out + 1] = x end
  for _, x in ipairs(extra) do out[#out + 1] = x end
  return out
end

function choose(obs, legal)
  local first = legal[1]
  local verb = words(first)
  if verb == "last" or verb == "mimic" then
    remember(obs)
    return first -- the rules list the auto choice first
  end
  local stack = remember(obs)
  if verb == "keep" then
    -- the trick event came before this decision, so `stack` holds the whole trick already: judge each
    -- subset against the stack without the trick's cards
    local on_table, before = {}, {}
    for _, id in ipairs(last_trick or {}) do on_table[id] = true end
    for _, id in ipairs(stack) do if not on_table[id] then before[#before + 1] = id end end
    local best, bestv
    for _, m in ipairs(legal) do
      local kept = {}
      for _, id in ipairs({words(m)}) do if id ~= "keep" then kept[#kept + 1] = id end end
      local v = stack_score(with(before, kept))
      if not bestv or v > bestv then best, bestv = m, v end
    end
    return best
  end
  -- a card play: score each option by the stack it would leave me if the trick ended now
  local table_cards = obs.zones.trick.cards
  local base = stack_score(stack)
  local best, bestv
  for _, m in ipairs(legal) do
    local id = m:sub(6)
    local cards = with(table_cards, {id})
    local v
    if winner_pos(cards) == #cards then
      v = stack_score(with(stack, cards)) - base
    else
      v = 0
    end
    -- prefer shedding high numbers when nothing changes
    local c = CARDS[id]
    v = v * 100 - (c.number or 0)
    if not bestv or v > bestv then best, bestv = m, v end
  end
  return best
end
