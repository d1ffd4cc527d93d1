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
-- Speed: the moves in its events are read with the rules' own move_words (their load-time tables), and
-- what the public events say (the cards laid out in pairs or shared, the Lost Jiji discovered) is
-- counted as they come instead of reading every seat's zones at each decision (each zone read builds a
-- table); its memory is lists indexed by card (a new string key in a table costs a map entry); the
-- rule's truth table is read once (public values are a table built per decision).

local IDS = {}
for _, col in ipairs({"W", "K"}) do
  for n = 1, 8 do IDS[#IDS + 1] = col .. n end
end
local IDX = {}
for i, id in ipairs(IDS) do IDX[id] = i end

local move_words -- the rules' (RULES.move_words), looked up at the first decision: `validate` loads a
                 -- bot without RULES

-- lists by card index (IDX[id])
local lower = {}         -- copies known not to be hidden Lost Jiji (max over snapshots)
local public = {}        -- copies laid out in pairs or shared, every seat together
local found = {}         -- copies discovered as a Lost Jiji
local cnt = {}           -- the latest snapshot's count (a list reused: reset for each snapshot)
local remain = {}        -- copies that may still be someone else's hidden Lost Jiji (reused)
for i = 1, #IDS do lower[i], public[i], found[i], cnt[i], remain[i] = 0, 0, 0, 0, 0 end
local shares = {}        -- seat -> list of ids it shared
local last_share = {}    -- seat -> "none" or an id: its latest share move
local excluded = {}      -- seat -> list by card index: true for the Lost Jiji its shares / refusals rule out
local discovered = {}    -- target ("2", "extra") -> true once its Lost Jiji is discovered
local jiji_chosen = false
-- the card the right neighbour took from this seat and that neighbour, while the card is provably
-- still in its hand (see read_events); nil when none
local lost_card, lost_to = nil, nil
local rule_bytes = nil   -- the chosen rule's truth table as a list of bytes, once public

-- BYTES[tbl]: the bytes of truth table tbl as a list (one string.byte call per table and game; a
-- list is gopher-lua's fastest table)
local BYTES = {}
local function bytes_of(tbl)
  local b = BYTES[tbl]
  if b == nil then
    b = {tbl:byte(1, #tbl)}
    BYTES[tbl] = b
  end
  return b
end

-- the chosen rule's bytes (allowed(x, j) is bytes[(IDX[j] - 1) * 16 + IDX[x]] == 49), nil before the
-- rule is chosen; the public value never changes once set, so it is read until then only
local function rule_of(obs)
  if rule_bytes == nil then
    local tbl = obs.vars.rule_table
    if tbl then rule_bytes = bytes_of(tbl) end
  end
  return rule_bytes
end

local function zone_cards(z) return (z and z.cards) or {} end

-- rule out, for `seat`, every Lost Jiji id j for which the rule allows `card` (or not) as `want` says
local function exclude(obs, seat, card, want)
  local bytes = rule_of(obs)
  if not bytes then return end
  local ex = excluded[seat]
  if not ex then
    ex = {false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false}
    excluded[seat] = ex
  end
  local c = IDX[card]
  for j = 1, 16 do
    if (bytes[(j - 1) * 16 + c] == 49) ~= want then ex[j] = true end
  end
end

-- a move event: the cards it lays face up, what it tells of the mover's Lost Jiji
local function read_move(obs, e)
  local verb, rest = move_words(e.move)
  -- a card taken from this seat stays in the taker's hand until the taker lays it out or shares it,
  -- or until another seat's turn starts (the taker's right neighbour may then draw it)
  if lost_card and ((verb == "draw" and e.seat ~= obs.seat) or (verb == "share" and e.seat == lost_to and rest == lost_card)) then
    lost_card = nil
  end
  if verb == "share" then
    last_share[e.seat] = rest
    if rest ~= "none" then
      local list = shares[e.seat]
      if not list then list = {}; shares[e.seat] = list end
      list[#list + 1] = rest
      local x = IDX[rest]
      if x then public[x] = public[x] + 1 end
      exclude(obs, e.seat, rest, true)
    end
  elseif verb == "jiji" and e.seat == obs.seat then
    jiji_chosen = true
  end
end

local function read_events(obs)
  -- obs.events holds the events logged since this bot's previous decision
  local events = obs.events
  for i = 1, #events do
    local e = events[i]
    local typ = e.type
    if typ == "move" then
      read_move(obs, e)
    elseif typ == "pair" then
      -- two copies laid out; one of them was already face up when it pairs with a shared card
      local x = IDX[e.card]
      if x then public[x] = public[x] + (e.with_shared and 1 or 2) end
      if lost_card and e.seat == lost_to and e.card == lost_card then lost_card = nil end
    elseif typ == "lost" and e.seat == obs.seat then
      lost_card, lost_to = e.card, e.to
    elseif typ == "drew" and e.seat == obs.seat then
      if last_share[e.from] == "none" then exclude(obs, e.from, e.card, false) end
    elseif typ == "discovered" then
      local x = IDX[e.card]
      if x then found[x] = found[x] + 1 end
      discovered[e.target] = true
    end
  end
end

-- count hand + public non-Jiji cards now; `minus` is a card to leave out of the hand (a Jiji being chosen)
local function snapshot(obs, minus)
  for i = 1, #IDS do cnt[i] = public[i] end
  local hand = zone_cards(obs.zones.hand[obs.seat + 1])
  for i = 1, #hand do
    local id = hand[i]
    local x = IDX[id]
    if id == minus then minus = nil elseif x then cnt[x] = cnt[x] + 1 end
  end
  local x = lost_card and IDX[lost_card]
  if x then cnt[x] = cnt[x] + 1 end
  for i = 1, #IDS do
    if cnt[i] > lower[i] then lower[i] = cnt[i] end
  end
end

-- copies of each id that may still be someone else's hidden Lost Jiji (remain, by card index)
local function remaining(obs)
  for i = 1, #IDS do remain[i] = 2 - lower[i] - found[i] end
  local own = zone_cards(obs.zones.jiji[obs.seat + 1])
  for i = 1, #own do
    local x = IDX[own[i]]
    if x then remain[x] = remain[x] - 1 end
  end
end

-- candidate Lost Jiji per target still hidden: targets[k] ("<seat>" or "extra") and cands[k], its list
local function candidates(obs)
  remaining(obs)
  local targets, cands = {}, {}
  for s = 0, obs.players - 1 do
    local t = tostring(s)
    if s ~= obs.seat and not discovered[t] then
      local list = {}
      local ex = excluded[s]
      for i = 1, 16 do
        if remain[i] > 0 and not (ex and ex[i]) then list[#list + 1] = IDS[i] end
      end
      targets[#targets + 1] = t
      cands[#cands + 1] = list
    end
  end
  if obs.zones.extra.count > 0 then
    local list = {}
    for i = 1, #IDS do
      if remain[i] > 0 then list[#list + 1] = IDS[i] end
    end
    targets[#targets + 1] = "extra"
    cands[#cands + 1] = list
  end
  -- a target narrowed to one id takes that id's last hidden copy away from the others
  local changed = true
  while changed do
    changed = false
    for ti = 1, #targets do
      local list = cands[ti]
      if #list == 1 then
        local id = list[1]
        local pinned = 0
        for ui = 1, #targets do
          local cu = cands[ui]
          if #cu == 1 and cu[1] == id then pinned = pinned + 1 end
        end
        if pinned >= remain[IDX[id]] then
          for ui = 1, #targets do
            local cu = cands[ui]
            if not (#cu == 1 and cu[1] == id) then
              local keep = {}
              for k = 1, #cu do if cu[k] ~= id then keep[#keep + 1] = cu[k] end end
              if #keep < #cu then cands[ui] = keep; changed = true end
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
local function find_consistent(bytes, my_shares)
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
local function hidden_after(bytes, card)
  local c = IDX[card]
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

-- the Lost Jiji that leaves the most hand cards shareable (so sharing rarely has to say `none`)
local function choose_jiji(obs, legal)
  local hand = zone_cards(obs.zones.hand[obs.seat + 1])
  local bytes = rule_of(obs)
  local best, bestv
  for i = 1, #legal do
    local m = legal[i]
    local j = m:sub(6)
    local row, c = (IDX[j] - 1) * 16, 0 -- (allowed(x, j) inline)
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

-- reveal as little as possible about the own Lost Jiji: keep the most ids consistent
local function choose_share(obs, legal)
  if #legal == 1 then return legal[1] end
  local bytes = rule_of(obs)
  find_consistent(bytes, shares[obs.seat] or {})
  local best, bestv
  for i = 1, #legal do
    local m = legal[i]
    local _, card = move_words(m) -- "share W3": "W3"
    local v = hidden_after(bytes, card)
    if not bestv or v > bestv then best, bestv = m, v end
  end
  return best
end

-- a guess only where the deduction leaves one card
local function choose_guess(obs, legal)
  local targets, cands = candidates(obs)
  for ti = 1, #targets do
    local list = cands[ti]
    if #list == 1 then
      local m = "guess " .. targets[ti] .. " " .. list[1]
      for i = 1, #legal do if legal[i] == m then return m end end
    end
  end
  return "noguess"
end

function choose(obs, legal)
  if not move_words then move_words = RULES.move_words end
  read_events(obs)
  local first = legal[1]
  local verb = move_words(first)
  if verb == "keep" then return "keep" end
  if verb == "rule" then return choose_rule_and_jiji(obs, legal) end
  if verb == "draw" then
    snapshot(obs)
    return first -- every position is equally blind
  end
  if verb == "jiji" then return choose_jiji(obs, legal) end
  if jiji_chosen then snapshot(obs) end
  if verb == "share" then return choose_share(obs, legal) end
  if verb == "noguess" or verb == "guess" then return choose_guess(obs, legal) end
  return first
end
