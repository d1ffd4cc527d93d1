-- A greedy bot for Cats Called Jiji. It reads only its observation (zones it may see, public values,
-- the events it may see) and guesses only when its own deduction narrows a Lost Jiji to one card:
--
-- * Copies it can account for: at each of its decisions (from its own Lost Jiji choice on) it counts,
--   per card id, its hand + every public pair + every shared card. A card that was ever in a hand or
--   face up after the Lost Jiji were chosen is nobody's Lost Jiji, and copies never come back, so the
--   largest such count seen is a safe lower bound of the copies that are NOT hidden Lost Jiji.
-- * A seat's shares: every card it shared while its Lost Jiji was hidden satisfies the public rule
--   relative to that Lost Jiji (the rule's truth table is the public value `rule_table`).
-- * A `share none`: the card this bot then draws from that seat (its left neighbour) was in that hand
--   when it declared it had nothing to share, so that card does not satisfy the rule for its Lost Jiji.
-- * A card id whose only hidden copy is pinned to one target is removed from the other targets.
-- Memory lives in globals (one environment per seat per game).
--
-- Speed: each move's verb is split once per game (words; a string pattern is compiled on every call),
-- each rule's truth table is read from its string once per game, and the hot loops index
-- their lists (ipairs calls a function per step).

local IDS = {}
for _, col in ipairs({"W", "K"}) do
  for n = 1, 8 do IDS[#IDS + 1] = col .. n end
end
local IDX = {}
for i, id in ipairs(IDS) do IDX[id] = i end

local lower = {}         -- IDX[id] -> copies known not to be hidden Lost Jiji (max over snapshots)
for i = 1, #IDS do lower[i] = 0 end
local shares = {}        -- seat -> list of ids it shared
local last_share = {}    -- seat -> "none" or an id: its latest share move
local refused = {}       -- seat -> list of ids that do NOT satisfy the rule for its Lost Jiji
local excluded = {}      -- seat -> {id = true}: Lost Jiji ids its shares / refusals rule out
local jiji_chosen = false
local lost = nil         -- {card=, to=}: the card the right neighbour took from this seat, while it is
                         -- provably still in that neighbour's hand (see read_events)

-- BYTES[tbl]: the bytes of truth table tbl as a list (one string.byte call per table and game; a
-- list is gopher-lua's fastest table), the last one used kept at hand (a 256-byte key is hashed on
-- every lookup)
local BYTES, last_tbl, last_bytes = {}, nil, nil
local function bytes_of(tbl)
  if tbl ~= last_tbl then
    local b = BYTES[tbl]
    if b == nil then
      b = {tbl:byte(1, #tbl)}
      BYTES[tbl] = b
    end
    last_tbl, last_bytes = tbl, b
  end
  return last_bytes
end

-- each move's first word and the rest ("share W3": "share", "W3"), split at first sight
local VERB, REST = {}, {}
local function verb_of(m)
  local v = VERB[m]
  if v == nil then
    local rest
    v, rest = words(m)
    VERB[m], REST[m] = v or false, rest
  end
  return v
end

local function zone_cards(z) return (z and z.cards) or {} end

-- rule out, for `seat`, every Lost Jiji id j for which the rule allows `card` (or not) as `want` says
local function exclude(obs, seat, card, want)
  local tbl = obs.vars.rule_table
  if not tbl then return end
  local ex = excluded[seat]
  if not ex then ex = {}; excluded[seat] = ex end
  local c = IDX[card]
  local bytes = bytes_of(tbl)
  for j = 1, 16 do
    if (bytes[(j - 1) * 16 + c] == 49) ~= want then ex[IDS[j]] = true end
  end
end

local function read_events(obs)
  -- obs.events holds the events logged since this bot's previous decision
  local events = obs.events
  for i = 1, #events do
    local e = events[i]
    if e.type == "move" then
      local verb, rest = verb_of(e.move), REST[e.move]
      -- a card taken from this seat stays in the taker's hand until the taker lays it out or shares it,
      -- or until another seat's turn starts (the taker's right neighbour may then draw it)
      if lost and ((verb == "draw" and e.seat ~= obs.seat) or (verb == "share" and e.seat == lost.to and rest == lost.card)) then
        lost = nil
      end
      if verb == "share" then
        last_share[e.seat] = rest
        if rest ~= "none" then
          shares[e.seat] = shares[e.seat] or {}
          table.insert(shares[e.seat], rest)
          exclude(obs, e.seat, rest, true)
        end
      elseif verb == "jiji" and e.seat == obs.seat then
        jiji_chosen = true
      end
    elseif e.type == "lost" and e.seat == obs.seat then
      lost = {card = e.card, to = e.to}
    elseif e.type == "pair" and lost and e.seat == lost.to and e.card == lost.card then
      lost = nil
    elseif e.type == "drew" and e.seat == obs.seat then
      if last_share[e.from] == "none" then
        refused[e.from] = refused[e.from] or {}
        table.insert(refused[e.from], e.card)
        exclude(obs, e.from, e.card, false)
      end
    end
  end
end

-- cnt[IDX[id]]: the copies of each id counted by the latest snapshot (a list reused: the counts are
-- reset to 0 for each snapshot, cheaper than a table with new keys)
local cnt = {}

-- add the Jiji cards of list to cnt
local function count_cards(list)
  for i = 1, #list do
    local x = IDX[list[i]]
    if x then cnt[x] = cnt[x] + 1 end
  end
end

-- count hand + public non-Jiji cards now; `minus` is a card to leave out of the hand (a Jiji being chosen)
local function snapshot(obs, minus)
  for i = 1, #IDS do cnt[i] = 0 end
  local z = obs.zones
  local hand = zone_cards(z.hand[obs.seat + 1])
  for i = 1, #hand do
    local id = hand[i]
    local x = IDX[id]
    if id == minus then minus = nil elseif x then cnt[x] = cnt[x] + 1 end
  end
  local pairs_zone, shared_zone = z.pairs, z.shared
  for s = 1, obs.players do
    count_cards(zone_cards(pairs_zone[s]))
    count_cards(zone_cards(shared_zone[s]))
  end
  local x = lost and IDX[lost.card]
  if x then cnt[x] = cnt[x] + 1 end
  for i = 1, #IDS do
    if cnt[i] > lower[i] then lower[i] = cnt[i] end
  end
end

-- copies of each id that may still be someone else's hidden Lost Jiji
local function remaining(obs)
  local z = obs.zones
  local r = {}
  for i = 1, #IDS do r[IDS[i]] = 2 - lower[i] end
  local function sub(list)
    for i = 1, #list do
      local id = list[i]
      if r[id] then r[id] = r[id] - 1 end
    end
  end
  sub(zone_cards(z.jiji[obs.seat + 1]))
  for s = 1, obs.players do sub(zone_cards(z.found[s])) end
  sub(zone_cards(z.extra_found))
  return r
end

-- candidate Lost Jiji per target ("<seat>" or "extra") that is still hidden
local function candidates(obs)
  local z, tbl = obs.zones, obs.vars.rule_table
  local r = remaining(obs)
  local targets, cands = {}, {}
  for s = 0, obs.players - 1 do
    if s ~= obs.seat and z.jiji[s + 1].count > 0 then
      local list = {}
      local ex = excluded[s] or {}
      for i = 1, 16 do
        local id = IDS[i]
        if r[id] > 0 and not ex[id] then list[#list + 1] = id end
      end
      local t = tostring(s)
      targets[#targets + 1] = t
      cands[t] = list
    end
  end
  if z.extra.count > 0 then
    local list = {}
    for i = 1, #IDS do
      local id = IDS[i]
      if r[id] > 0 then list[#list + 1] = id end
    end
    targets[#targets + 1] = "extra"
    cands.extra = list
  end
  -- a target narrowed to one id takes that id's last hidden copy away from the others
  local changed = true
  while changed do
    changed = false
    for ti = 1, #targets do
      local list = cands[targets[ti]]
      if #list == 1 then
        local id = list[1]
        local pinned = 0
        for ui = 1, #targets do
          local cu = cands[targets[ui]]
          if #cu == 1 and cu[1] == id then pinned = pinned + 1 end
        end
        if pinned >= r[id] then
          for ui = 1, #targets do
            local u = targets[ui]
            local cu = cands[u]
            if not (#cu == 1 and cu[1] == id) then
              local keep = {}
              for k = 1, #cu do if cu[k] ~= id then keep[#keep + 1] = cu[k] end end
              if #keep < #cu then cands[u] = keep; changed = true end
            end
          end
        end
      end
    end
  end
  return targets, cands
end

-- consistent[i]: is IDS[i] a Lost Jiji consistent with this seat's own shares so far (worked out once
-- per decision, not once per candidate share: the list of shares grows all game; a list reused)
local consistent = {}
local function find_consistent(tbl, my_shares)
  local bytes = bytes_of(tbl) -- allowed(tbl, x, IDS[i]) is bytes[(i - 1) * 16 + IDX[x]] == 49
  for i = 1, #IDS do
    local row, ok = (i - 1) * 16, true
    for k = 1, #my_shares do
      if bytes[row + IDX[my_shares[k]]] ~= 49 then ok = false; break end
    end
    consistent[i] = ok
  end
end

-- how many Lost Jiji ids stay consistent with this seat's own shares if it also shares `card`
-- (find_consistent has read the shares)
local function hidden_after(tbl, card)
  local bytes, c = bytes_of(tbl), IDX[card]
  local n = 0
  for i = 1, #IDS do
    if bytes[(i - 1) * 16 + c] == 49 and consistent[i] then n = n + 1 end
  end
  return n
end

local function choose_rule_and_jiji(obs, rules_legal)
  -- the start player picks the rule under which some Lost Jiji leaves the most shareable hand cards
  -- (the tables of all three rules are public while it chooses)
  local hand = zone_cards(obs.zones.hand[obs.seat + 1])
  local best, bestv
  for _, m in ipairs(rules_legal) do
    local tbl = obs.vars["rule_table_" .. m:sub(6)]
    local v = 0
    if tbl then
      local bytes = bytes_of(tbl) -- (allowed(tbl, x, j) inline: a Lua call per pair costs more)
      for a = 1, #hand do
        local j = hand[a]
        local row, c = (IDX[j] - 1) * 16, 0
        for b = 1, #hand do
          local x = hand[b]
          if x ~= j and bytes[row + IDX[x]] == 49 then c = c + 1 end
        end
        if c > v then v = c end
      end
    end
    if not bestv or v > bestv then best, bestv = m, v end
  end
  return best
end

function choose(obs, legal)
  read_events(obs)
  local first = legal[1]
  local verb = verb_of(first)
  if verb == "keep" then return "keep" end
  if verb == "rule" then return choose_rule_and_jiji(obs, legal) end
  if verb == "draw" then
    snapshot(obs)
    return first -- every position is equally blind
  end
  local tbl = obs.vars.rule_table
  if verb == "jiji" then
    -- the Lost Jiji that leaves the most hand cards shareable (so sharing rarely has to say `none`)
    local hand = zone_cards(obs.zones.hand[obs.seat + 1])
    local best, bestv
    for i = 1, #legal do
      local m = legal[i]
      local j = m:sub(6)
      local bytes, row, c = bytes_of(tbl), (IDX[j] - 1) * 16, 0 -- (allowed(tbl, x, j) inline)
      for k = 1, #hand do
        local x = hand[k]
        if x ~= j and bytes[row + IDX[x]] == 49 then c = c + 1 end
      end
      if not bestv or c > bestv then best, bestv = m, c end
    end
    snapshot(obs, best:sub(6))
    jiji_chosen = true
    return best
  end
  if jiji_chosen then snapshot(obs) end
  if verb == "share" then
    if #legal == 1 then return first end
    -- reveal as little as possible about the own Lost Jiji: keep the most ids consistent
    find_consistent(tbl, shares[obs.seat] or {})
    local best, bestv
    for i = 1, #legal do
      local m = legal[i]
      if REST[m] == nil then verb_of(m) end -- "share W3": REST is "W3"
      local v = hidden_after(tbl, REST[m])
      if not bestv or v > bestv then best, bestv = m, v end
    end
    return best
  end
  if verb == "noguess" or verb == "guess" then
    local targets, cands = candidates(obs)
    for ti = 1, #targets do
      local t = targets[ti]
      if #cands[t] == 1 then
        local m = "guess " .. t .. " " .. cands[t][1]
        for i = 1, #legal do if legal[i] == m then return m end end
      end
    end
    return "noguess"
  end
  return first
end
