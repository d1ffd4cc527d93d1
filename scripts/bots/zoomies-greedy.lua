-- A one-ply greedy bot for Zoomies. It reads only its observation: the public scores, the public trick
-- counts of this round, the trick on the table with each seat's declared value and the Goal, the cards
-- seen in earlier tricks (trick events) and its own hand.
--
-- Policy: the aim is to finish SECOND (ZM-12), so the bot wants a trick while taking it would still
-- leave it strictly below the best other seat's projected points, or while it is behind the second
-- best; otherwise it wants to lose the trick. For each legal play it estimates the chance that the
-- play wins the trick (winning now and no later player holding a card that could beat it), and
-- picks the play with the highest (wanting the trick) or lowest (not wanting it) chance; ties are
-- broken by shedding the least useful card when chasing tricks and the most dangerous one otherwise.
--
-- Speed: a decision weighs every unseen card against every legal play, so card facts are read from
-- flat lists (CARDS[id].lo reads two read-only tables) and the doubles among the unseen cards are
-- only counted.

-- The rules' own helpers (scripts/zoomies/rules.lua, or a variant's replacements): what a move means,
-- the Goal and value after a play (ZM-5..ZM-8), which value wins (ZM-9), points per trick (ZM-11).
local move_info, play_effect, beats, trick_points =
  RULES.move_info, RULES.play_effect, RULES.beats, RULES.trick_points

local ipairs, abs, max = ipairs, math.abs, math.max -- library functions as locals: a global
-- lookup goes through the sandbox's __index on every use

-- every card of the deck in catalogue order, its two readings and its kind, as flat lists made in Go
-- (g:card_list): the unseen ones are counted per decision
local DECK, DECK_LO, DECK_HI, DECK_KIND = g:card_list(), g:card_list("lo"), g:card_list("hi"), g:card_list("kind")

-- how extreme (useful for winning) a card is: its best reading's distance from the middle (by id,
-- computed at a card's first play)
local POTENCY = {}
local function potency(id)
  local p = POTENCY[id]
  if p == nil then
    local c = CARDS[id]
    p = max(c.hi, 100 - c.lo)
    POTENCY[id] = p
  end
  return p
end

-- how many of the U unseen cards (readings lo, hi) could beat value v under goal g2: a reading beyond
-- v, or a double (it reverses the Goal); doubles is the number of unseen doubles
local function count_beaters(g2, v, U, ulo, uhi, doubles)
  local beaters = doubles
  for k = 1, U do
    if beats(g, g2, ulo[k], v) or beats(g, g2, uhi[k], v) then beaters = beaters + 1 end
  end
  return beaters
end

function choose(obs, legal)
  if #legal == 1 then return legal[1] end
  local me, n = obs.seat, obs.players
  local vars = obs.vars
  local round = vars.round or 1
  local pts = trick_points(g, round) or round
  local seat_vars = obs.seat_vars

  -- projected points so far (scores of finished rounds + this round's tricks)
  local proj = {}
  local scores = obs.scores
  for s = 0, n - 1 do
    proj[s] = scores[s + 1] + (seat_vars[s + 1].round_tricks or 0) * pts
  end
  local top_other, second_other = -1, -1
  for s = 0, n - 1 do
    if s ~= me then
      if proj[s] > top_other then
        second_other, top_other = top_other, proj[s]
      elseif proj[s] > second_other then
        second_other = proj[s]
      end
    end
  end
  local want = proj[me] + pts < top_other or proj[me] < second_other

  -- cards not seen by this seat: every card minus earlier tricks, the table and my hand. obs.events
  -- holds only the events since this bot's last decision, so the played cards are remembered in
  -- PLAYED (a global: one environment per seat per game).
  local zones = obs.zones
  local table_cards = zones.trick.cards or {}
  local hands = zones.hand
  local hand = hands[me + 1].cards or {}
  if PLAYED then
    -- a card in hand or on the table that was already played means we were handed an earlier state
    for _, id in ipairs(hand) do if PLAYED[id] then PLAYED = nil; break end end
  end
  if PLAYED then
    for _, id in ipairs(table_cards) do if PLAYED[id] then PLAYED = nil; break end end
  end
  PLAYED = PLAYED or {}
  local events = obs.events
  for i = 1, #events do
    local e = events[i]
    if e.type == "trick" then
      local cards = e.cards
      for j = 1, #cards do PLAYED[cards[j]] = true end
    end
  end
  local seen = {}
  for i = 1, #table_cards do seen[table_cards[i]] = true end
  for i = 1, #hand do seen[hand[i]] = true end
  -- the unseen cards' readings (doubles only counted: any double can beat a play)
  local ulo, uhi = {}, {}
  local U, doubles = 0, 0
  for i = 1, #DECK do
    local id = DECK[i]
    if DECK_LO[i] and not seen[id] and not PLAYED[id] then
      if DECK_KIND[i] == "double" then
        doubles = doubles + 1
      else
        U = U + 1
        ulo[U], uhi[U] = DECK_LO[i], DECK_HI[i]
      end
    end
  end
  local unseen = U + doubles

  -- the trick as it stands: the values declared so far, the best of them and the Goal
  local leader = vars.leader
  local goal = vars.goal
  local played = #table_cards
  local values = {}
  local best
  for i = 1, played do
    local v = seat_vars[(leader + i - 1) % n + 1].value
    values[i] = v
    if best == nil or beats(g, goal, v, best) then best = v end
  end
  -- the hand sizes of the seats still to play after me
  local later = {}
  for k = played + 1, n - 1 do
    local s = (me + k - played) % n
    later[#later + 1] = hands[s + 1].count
  end

  local choice, cval, ctie
  for i = 1, #legal do
    local m = legal[i]
    local id, decl = move_info(g, m)
    local g2, v = play_effect(g, goal, id, decl)
    local winning
    if best == nil then
      winning = true
    else
      -- re-evaluate the table under the (possibly reversed) goal
      local b = v
      for j = 1, played do
        local w = values[j]
        if beats(g, g2, w, b) then b = w end
      end
      winning = (b == v)
    end
    local p = 0
    if winning then
      local beaters = count_beaters(g2, v, U, ulo, uhi, doubles)
      p = 1
      if unseen > 0 then
        for _, h in ipairs(later) do p = p * (1 - beaters / unseen) ^ h end
      end
    end
    local val = want and p or -p
    local tie = want and -potency(id) or potency(id)
    if cval == nil or val > cval + 1e-9 or (abs(val - cval) <= 1e-9 and tie > ctie) then
      choice, cval, ctie = m, val, tie
    end
  end
  return choice
end
