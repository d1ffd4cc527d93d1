-- A greedy bot for Cats Called Jiji. It reads only its observation (zones it may see, public values,
-- the events it may see) and guesses only when its own deduction narrows a Lost Jiji to one card:
--
-- * Copies it can account for: from its own Lost Jiji choice on it counts, per card id, its hand +
--   every public pair + every shared card (before each guess: no count falls between a turn's draw
--   and its guess). A card that was ever in a hand or face up after the Lost Jiji were chosen is
--   nobody's Lost Jiji, and copies never come back, so the largest such count seen is a safe lower
--   bound of the copies that are NOT hidden Lost Jiji.
-- * A seat's shares: every card it shared while its Lost Jiji was hidden satisfies the public rule
--   relative to that Lost Jiji (the rule's truth table is the public value `rule_table`).
-- * A `share none`: the card this bot then draws from that seat (its left neighbour) was in that hand
--   when it declared it had nothing to share, so that card does not satisfy the rule for its Lost Jiji.
-- * A card id whose only hidden copy is pinned to one target is removed from the other targets.
-- Memory lives in globals (one environment per seat per game).
--
-- Speed: what the events say is counted as they come (the cards laid out in pairs or shared, the own
-- hand after one read of its zone, the Lost Jiji discovered, the ids its own shares leave possible
-- and how many of them allow each card), so a decision reads no zone (each read builds tables) and
-- only a guess counts copies again; each rule's facts (its truth table as bytes, the Lost Jiji each
-- card rules out, the cards each Lost Jiji allows) are worked out once at load from the rules' own
-- hook; its memory is lists indexed by card (a new string key in a table costs a map entry); a guess
-- first only counts each target's candidates up to two, as a target narrowed to one card is rare.

local IDS = {}
for _, col in ipairs({"W", "K"}) do
  for n = 1, 8 do IDS[#IDS + 1] = col .. n end
end
local IDX = {}
for i, id in ipairs(IDS) do IDX[id] = i end
-- SHARED[move] / JIJI[move]: the card index a share / Lost Jiji move names (0: "share none"), so the
-- moves of the events and of `legal` are read with one lookup (no call)
local SHARED, JIJI = {["share none"] = 0}, {}
for i, id in ipairs(IDS) do SHARED["share " .. id], JIJI["jiji " .. id] = i, i end
local TARGET = {} -- TARGET[seat + 1]: the seat as a guess names it ("2"), without a tostring call
for s = 0, 7 do TARGET[s + 1] = tostring(s) end
local EMPTY = {}

-- A rule's facts, from the bytes of its truth table as the public value `rule_table` spells it
-- ("0" is byte 48, "1" 49; allowed(x, j) is bytes[(j - 1) * 16 + x] == 49 for card indexes), as the
-- list {bytes, deny, deny_at, allow, allow_at, allowing} (flat lists, as a bot's tables are copied
-- per seat and game): the Lost Jiji that may not share card c are deny[k] for k = deny_at[c] ..
-- deny_at[c + 1] - 1, so a share rules them out without testing all 16; the cards Lost Jiji j may
-- share are allow[k] for k = allow_at[j] .. allow_at[j + 1] - 1; allowing[c] is how many Lost Jiji
-- may share card c.
local function facts_of(bytes)
  local deny, deny_at, allow, allow_at, allowing = {}, {}, {}, {}, {}
  for c = 1, 16 do
    deny_at[c] = #deny + 1
    for j = 1, 16 do
      if bytes[(j - 1) * 16 + c] == 48 then deny[#deny + 1] = j end
    end
    allowing[c] = 16 - (#deny + 1 - deny_at[c])
  end
  deny_at[17] = #deny + 1
  for j = 1, 16 do
    allow_at[j] = #allow + 1
    for c = 1, 16 do
      if bytes[(j - 1) * 16 + c] == 49 then allow[#allow + 1] = c end
    end
  end
  allow_at[17] = #allow + 1
  return {bytes, deny, deny_at, allow, allow_at, allowing}
end

-- FACTS[r]: each rule's facts, built once at load with the rules' own hook (a variant's included), so
-- a game neither reads the public values (a table built per decision) nor splits a string. `validate`
-- loads a bot without RULES: none then, and the public values serve.
local RULE_MOVE = {["rule A"] = "A", ["rule B"] = "B", ["rule C"] = "C"}
local FACTS = {}
if RULES then
  for _, r in pairs(RULE_MOVE) do
    local chars = {}
    for j = 1, #IDS do
      for c = 1, #IDS do chars[#chars + 1] = RULES.share_allowed(IDS[c], IDS[j], r) and "1" or "0" end
    end
    FACTS[r] = facts_of({table.concat(chars):byte(1, -1)})
  end
end

local move_words -- the rules' (RULES.move_words), looked up at the first decision: `validate` loads a
                 -- bot without RULES
local my_seat -- obs.seat, read at the first decision (a field of obs is a call into Go)

-- lists by card index (IDX[id])
local lower = {}         -- copies known not to be hidden Lost Jiji (max over snapshots)
-- copies seen now: in the own hand (hand_n) or face up (laid out in pairs or shared, every seat)
local seen = {}
-- copies that are nobody else's hidden Lost Jiji: lower + those discovered + the own Lost Jiji once
-- read (2 - gone[i] copies of IDS[i] may be someone else's)
local gone = {}
-- copies in the own hand, the card the right neighbour took included (kept from the first read of
-- its zone on, see read_hand)
local hand_n = {}
for i = 1, #IDS do lower[i], seen[i], gone[i], hand_n[i] = 0, 0, 0, 0 end
local hand_read = false
-- own_ok[j]: whether this seat's own shares leave IDS[j] possible as its Lost Jiji
local own_ok = {}
for i = 1, #IDS do own_ok[i] = true end
local last_share = {}    -- seat -> card index of its latest share move (0: none)
local excluded = {}      -- seat -> list by card index: true for the Lost Jiji its shares / refusals rule out
local discovered = {}    -- target ("2", "extra") -> true once its Lost Jiji is discovered
local jiji_chosen = false
-- the card (index) the right neighbour took from this seat and that neighbour, while the card is
-- provably still in its hand (see read_events); nil when none
local lost_card, lost_to = nil, nil
local chosen_rule = nil  -- the rule its move named ("A"), once seen
-- the chosen rule's facts (see facts_of), once public; own_in[c] is how many of the own_ok ids may
-- share card c (the facts' allowing, this seat's copy, kept as own_ok shrinks: a share is weighed with
-- one read, not a test per own id)
local rule_bytes, deny, deny_at, allow, allow_at, own_in = nil, nil, nil, nil, nil, nil
-- own Lost Jiji (card index, false: none hidden, counted in `gone`): the card it chose, else read from
-- its zone at the first guess (a scenario may fix it); whether the extra one was dealt, read from its
-- zone at the first guess (only a discovery, an event, changes them later); nil until then
local own_jiji, extra_dealt = nil, nil
local players -- obs.players, read with extra_dealt (a field of obs is a call into Go)

-- the chosen rule's bytes, its facts set (nil before the rule is chosen): its facts from load once its
-- move is seen, else the public values (read until the rule is set, as it never changes after)
local function rule_of(obs)
  if rule_bytes == nil then
    local facts = FACTS[chosen_rule]
    if not facts then -- (no rule move seen, as with a scenario's fixed rule, or no facts)
      local vars = obs.vars
      facts = FACTS[vars.rule]
      if not facts and vars.rule_table then facts = facts_of({vars.rule_table:byte(1, -1)}) end
    end
    if facts then rule_bytes, deny, deny_at, allow, allow_at, own_in = unpack(facts) end
  end
  return rule_bytes
end

-- the Lost Jiji ids `seat`'s shares and refusals rule out (a list by card index), made at its first use
local function exclusions(seat)
  local ex = excluded[seat]
  if not ex then
    ex = {false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false}
    excluded[seat] = ex
  end
  return ex
end

-- rule out, for `seat`, every Lost Jiji id j for which the rule allows card index c (a card it did not
-- share: byte k is allowed(c, j) for j = 1, 2...)
local function exclude_allowing(bytes, seat, c)
  local ex = exclusions(seat)
  local k = c
  for j = 1, 16 do
    if bytes[k] == 49 then ex[j] = true end
    k = k + 16
  end
end

-- rule out the own Lost Jiji ids that may not share card index c (this seat shared it): the cards
-- each of them allows lose it from own_in
local function own_share(c)
  local ok, count = own_ok, own_in
  for k = deny_at[c], deny_at[c + 1] - 1 do
    local j = deny[k]
    if ok[j] then
      ok[j] = false
      for q = allow_at[j], allow_at[j + 1] - 1 do
        local d = allow[q]
        count[d] = count[d] - 1
      end
    end
  end
end

-- the card the right neighbour took is no longer provably in its hand
local function drop_lost()
  local x = lost_card
  hand_n[x], seen[x] = hand_n[x] - 1, seen[x] - 1
  lost_card = nil
end

-- what the events since this bot's previous decision (obs.events) say; a move event is read inline
-- (a Lua call per event costs more than its work)
local function read_events(obs, me)
  local events = obs.events
  for i = 1, #events do
    local e = events[i]
    local typ = e.type
    if typ == "move" then
      local move, seat = e.move, e.seat
      local x = SHARED[move]
      -- a card taken from this seat stays in the taker's hand until the taker lays it out or shares
      -- it, or until another seat's turn starts (the taker's right neighbour may then draw it). The
      -- taker is this seat's right neighbour, so this seat's turn comes next: the first move of a
      -- third seat is the draw that starts its turn (no move_words call for it)
      if x then
        if x == lost_card and seat == lost_to then drop_lost() end
        last_share[seat] = x
        if x > 0 then
          if not rule_bytes then rule_of(obs) end
          if seat == me then
            hand_n[x] = hand_n[x] - 1 -- (still seen: face up now)
            own_share(x)
          else
            seen[x] = seen[x] + 1
            if not discovered[TARGET[seat + 1]] then -- (what a discovered seat shares tells nothing)
              local ex, ids = excluded[seat] or exclusions(seat), deny -- (the ids that may not share x)
              for k = deny_at[x], deny_at[x + 1] - 1 do ex[ids[k]] = true end
            end
          end
        end
      elseif lost_card and seat ~= me
          and (seat ~= lost_to or move ~= "noguess" and move_words(move) == "draw") then
        drop_lost()
      elseif seat == me and JIJI[move] then
        jiji_chosen = true
        x = JIJI[move]
        hand_n[x], seen[x] = hand_n[x] - 1, seen[x] - 1
      elseif not chosen_rule then
        chosen_rule = RULE_MOVE[move]
      end
    elseif typ == "pair" then
      -- two copies laid out; one of them was already face up when it pairs with a shared card
      local x, seat = IDX[e.card], e.seat
      if x then
        local n = e.with_shared and 1 or 2
        if seat == me then hand_n[x] = hand_n[x] - n else seen[x] = seen[x] + n end -- (own: still seen)
        if x == lost_card and seat == lost_to then drop_lost() end
      end
    elseif typ == "lost" and e.seat == me then
      if lost_card then drop_lost() end
      lost_card, lost_to = IDX[e.card], e.to -- (still counted in hand_n)
    elseif typ == "drew" and e.seat == me then
      local x = IDX[e.card]
      hand_n[x], seen[x] = hand_n[x] + 1, seen[x] + 1
      if last_share[e.from] == 0 then exclude_allowing(rule_of(obs), e.from, x) end
    elseif typ == "discovered" then
      local x, target = IDX[e.card], e.target
      discovered[target], hidden_stale = true, true
      if target == TARGET[me + 1] then
        if not own_jiji then gone[x] = gone[x] + 1 end -- (else it was counted as the own one)
        own_jiji = false
      elseif x then
        gone[x] = gone[x] + 1
      end
    end
  end
end

-- the own hand as card indexes, read from its zone (once or twice a game)
local function hand_indexes(obs, me)
  local hand, list = obs.zones.hand[me + 1].cards or EMPTY, {}
  for i = 1, #hand do list[i] = IDX[hand[i]] end
  return list
end

-- the own hand's counts from its zone (`hand`, as card indexes), and the card the right neighbour
-- took: once, then the events keep them (a zone read builds tables)
local function read_hand(hand)
  local seen, hand_n = seen, hand_n -- (locals: an upvalue read costs)
  -- (what earlier events did is in the zone)
  for x = 1, 16 do seen[x], hand_n[x] = seen[x] - hand_n[x], 0 end
  for i = 1, #hand do
    local x = hand[i]
    if x then hand_n[x], seen[x] = hand_n[x] + 1, seen[x] + 1 end
  end
  local x = lost_card
  if x then hand_n[x], seen[x] = hand_n[x] + 1, seen[x] + 1 end
  hand_read = true
end

-- raise `lower` to the copies seen now where they exceed it (a count that fell since is below `lower`
-- already)
local function snapshot(obs, me)
  if not hand_read then read_hand(hand_indexes(obs, me)) end
  local seen, lower, gone = seen, lower, gone -- (locals: an upvalue read costs)
  for x = 1, 16 do
    local c, l = seen[x], lower[x]
    if c > l then lower[x], gone[x] = c, gone[x] + c - l end
  end
end

-- copies of each id that may still be someone else's hidden Lost Jiji, by card index
local function remaining()
  local remain = {}
  for i = 1, #IDS do remain[i] = 2 - gone[i] end
  return remain
end

-- the targets still hidden ("<seat>" or "extra"), in turn order from seat 0, with their excluded ids
local function hidden_targets(me)
  local targets, exs = {}, {}
  for s = 0, players - 1 do
    local t = TARGET[s + 1]
    if s ~= me and not discovered[t] then
      targets[#targets + 1], exs[#targets + 1] = t, excluded[s] or EMPTY
    end
  end
  if extra_dealt and not discovered.extra then targets[#targets + 1], exs[#targets + 1] = "extra", EMPTY end
  return targets, exs
end

-- the excluded lists of the targets still hidden (as hidden_targets), made again after a discovery
-- only: any_narrowed reads them at every guess
local hidden_exs, hidden_stale = nil, true

-- is some target still hidden narrowed to one id (its count stops at two)? Each count inline (a
-- call costs more)
local function any_narrowed(me)
  if hidden_stale then
    hidden_exs, hidden_stale = {}, false
    for s = 0, players - 1 do
      if s ~= me and not discovered[TARGET[s + 1]] then hidden_exs[#hidden_exs + 1] = exclusions(s) end
    end
    if extra_dealt and not discovered.extra then hidden_exs[#hidden_exs + 1] = EMPTY end
  end
  local gone = gone
  for t = 1, #hidden_exs do
    local ex, n = hidden_exs[t], 0
    for i = 1, 16 do
      if gone[i] < 2 and not ex[i] then
        n = n + 1
        if n == 2 then break end
      end
    end
    if n == 1 then return true end
  end
  return false
end

-- candidate Lost Jiji per target: cands[k], the list of targets[k]
local function candidates(targets, exs)
  local remain = remaining()
  local cands = {}
  for k = 1, #targets do
    local list, ex = {}, exs[k]
    for i = 1, 16 do
      if remain[i] > 0 and not ex[i] then list[#list + 1] = IDS[i] end
    end
    cands[k] = list
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
  return cands
end

local function choose_rule_and_jiji(obs, rules_legal)
  -- the start player picks the rule under which some Lost Jiji leaves the most shareable hand cards
  -- (the tables of all three rules are public while it chooses)
  local hand = hand_indexes(obs, my_seat)
  if not hand_read then read_hand(hand) end -- (hand_n then counts each id's copies)
  local best, bestv
  for _, m in ipairs(rules_legal) do
    local facts = FACTS[RULE_MOVE[m]]
    if not facts then
      local tbl = obs.vars["rule_table_" .. m:sub(6)]
      facts = tbl and facts_of({tbl:byte(1, -1)})
    end
    local v = 0
    if facts then -- (counted inline as in choose_jiji: a Lua call per card costs more)
      local bytes, allow, allow_at = facts[1], facts[4], facts[5]
      for a = 1, #hand do
        local j = hand[a]
        if j ~= hand[a - 1] then -- (a twin counts the same: copies lie together in a hand)
          local c = 0
          for q = allow_at[j], allow_at[j + 1] - 1 do c = c + hand_n[allow[q]] end
          if bytes[(j - 1) * 16 + j] == 49 then c = c - hand_n[j] end
          if c > v then v = c end
        end
      end
    end
    if not bestv or v > bestv then best, bestv = m, v end
  end
  return best
end

-- the Lost Jiji that leaves the most hand cards shareable (so sharing rarely has to say `none`)
local function choose_jiji(obs, me, legal)
  local hand = hand_indexes(obs, me)
  if not hand_read then read_hand(hand) end -- (hand_n then counts each id's copies)
  local bytes = rule_of(obs)
  local allow, allow_at, best, bestv = allow, allow_at, nil, nil
  for i = 1, #legal do
    local m = legal[i]
    local j = JIJI[m]
    -- the hand's copies of the cards j allows (its list from load), less its own where allowed
    local c = 0
    for q = allow_at[j], allow_at[j + 1] - 1 do c = c + hand_n[allow[q]] end
    if bytes[(j - 1) * 16 + j] == 49 then c = c - hand_n[j] end
    if not bestv or c > bestv then best, bestv = m, c end
  end
  -- the chosen card leaves the hand now (its move event, read at the next decision, takes it out)
  local j = JIJI[best]
  seen[j] = seen[j] - 1
  snapshot(obs, me)
  seen[j] = seen[j] + 1
  jiji_chosen = true
  if own_jiji == nil then own_jiji, gone[j] = j, gone[j] + 1 end -- (no zone read at the first guess)
  return best
end

-- reveal as little as possible about the own Lost Jiji: keep the most ids consistent with its shares
local function choose_share(obs, legal)
  if #legal == 1 then return legal[1] end
  if not own_in then rule_of(obs) end
  local count, best, bestv = own_in, nil, nil
  for i = 1, #legal do
    local m = legal[i]
    local v = count[SHARED[m]]
    if not bestv or v > bestv then best, bestv = m, v end
  end
  return best
end

-- a guess only where the deduction leaves one card
local function choose_guess(obs, me, legal)
  if own_jiji == nil then
    local own = obs.zones.jiji[me + 1].cards or EMPTY
    own_jiji = IDX[own[1]] or false
    if own_jiji then gone[own_jiji] = gone[own_jiji] + 1 end
  end
  if extra_dealt == nil then extra_dealt, players = obs.zones.extra.count > 0, obs.players end
  -- no target narrowed to one id leaves nothing to pin either: no guess (the usual case, cheaply)
  if not any_narrowed(me) then return "noguess" end
  local targets, exs = hidden_targets(me)
  local cands = candidates(targets, exs)
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
  local me = my_seat
  if not me then me, move_words = obs.seat, RULES.move_words; my_seat = me end
  read_events(obs, me)
  local first = legal[1]
  -- the decisions of every turn told by their first move (no move_words call), in turn order, the
  -- others by its verb
  local verb = first == "draw 0" and "draw" or SHARED[first] and "share" or first == "noguess" and "noguess"
    or move_words(first)
  -- Once the Lost Jiji is chosen and the hand read, only a guess needs the counts: this turn's guess
  -- counts again, and no count falls before it (the own draw and share only add or move cards)
  if verb == "draw" then
    if not (jiji_chosen and hand_read) then snapshot(obs, me) end
    return first -- every position is equally blind
  end
  if verb == "share" then
    if jiji_chosen and not hand_read then snapshot(obs, me) end
    return choose_share(obs, legal)
  end
  if verb == "keep" then return "keep" end
  if verb == "rule" then return choose_rule_and_jiji(obs, legal) end
  if verb == "jiji" then return choose_jiji(obs, me, legal) end
  if jiji_chosen then snapshot(obs, me) end
  if verb == "noguess" or verb == "guess" then return choose_guess(obs, me, legal) end
  return first
end
