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

-- The rules' own helpers (scripts/zoomies/rules.lua, or a variant's replacements): what a move means,
-- the Goal and value after a play (ZM-5..ZM-8), which value wins (ZM-9), points per trick (ZM-11).
local move_info, play_effect, beats, trick_points =
  RULES.move_info, RULES.play_effect, RULES.beats, RULES.trick_points

local function is_double(c) return c.kind == "double" end

-- every card of the deck, in a fixed order (the unseen ones are counted per decision)
local DECK = {}
for id, c in pairs(CARDS) do
  if type(c) == "table" and c.lo then DECK[#DECK + 1] = id end
end
table.sort(DECK)

-- how extreme (useful for winning) a card is: its best reading's distance from the middle
local function potency(id)
  local c = CARDS[id]
  return math.max(c.hi, 100 - c.lo)
end

function choose(obs, legal)
  if #legal == 1 then return legal[1] end
  local me, n = obs.seat, obs.players
  local vars = obs.vars
  local round = vars.round or 1
  local pts = trick_points(g, round) or round

  -- projected points so far (scores of finished rounds + this round's tricks)
  local proj = {}
  for s = 0, n - 1 do
    proj[s] = obs.scores[s + 1] + (obs.seat_vars[s + 1].round_tricks or 0) * pts
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
  local table_cards = obs.zones.trick.cards or {}
  local hand = obs.zones.hand[me + 1].cards or {}
  if PLAYED then
    -- a card in hand or on the table that was already played means we were handed an earlier state
    for _, id in ipairs(hand) do if PLAYED[id] then PLAYED = nil; break end end
  end
  if PLAYED then
    for _, id in ipairs(table_cards) do if PLAYED[id] then PLAYED = nil; break end end
  end
  PLAYED = PLAYED or {}
  for _, e in ipairs(obs.events) do
    if e.type == "trick" then
      for _, id in ipairs(e.cards) do PLAYED[id] = true end
    end
  end
  local seen = {}
  for i = 1, #table_cards do seen[table_cards[i]] = true end
  for i = 1, #hand do seen[hand[i]] = true end
  -- the unseen cards' facts, read from CARDS once per decision rather than once per legal move
  local ulo, uhi, udouble = {}, {}, {}
  local U = 0
  for i = 1, #DECK do
    local id = DECK[i]
    if not seen[id] and not PLAYED[id] then
      local c = CARDS[id]
      U = U + 1
      ulo[U], uhi[U], udouble[U] = c.lo, c.hi, is_double(c)
    end
  end

  -- the trick as it stands: the values declared so far, the best of them and the Goal
  local leader = vars.leader
  local goal = vars.goal
  local played = #table_cards
  local best
  for i = 1, played do
    local v = obs.seat_vars[(leader + i - 1) % n + 1].value
    if best == nil or beats(g, goal, v, best) then best = v end
  end
  -- the hand sizes of the seats still to play after me
  local later = {}
  for k = played + 1, n - 1 do
    local s = (me + k - played) % n
    later[#later + 1] = obs.zones.hand[s + 1].count
  end

  local choice, cval, ctie
  for _, m in ipairs(legal) do
    local id, decl = move_info(g, m)
    local g2, v = play_effect(g, goal, id, decl)
    local winning
    if best == nil then
      winning = true
    else
      -- re-evaluate the table under the (possibly reversed) goal
      local b = v
      for i = 1, played do
        local w = obs.seat_vars[(leader + i - 1) % n + 1].value
        if beats(g, g2, w, b) then b = w end
      end
      winning = (b == v)
    end
    local p = 0
    if winning then
      -- unseen cards that could beat v: a reading beyond v, or a double (it reverses the Goal)
      local beaters = 0
      for k = 1, U do
        if udouble[k] or beats(g, g2, ulo[k], v) or beats(g, g2, uhi[k], v) then beaters = beaters + 1 end
      end
      p = 1
      if U > 0 then
        for _, h in ipairs(later) do p = p * (1 - beaters / U) ^ h end
      end
    end
    local val = want and p or -p
    local tie = want and -potency(id) or potency(id)
    if cval == nil or val > cval + 1e-9 or (math.abs(val - cval) <= 1e-9 and tie > ctie) then
      choice, cval, ctie = m, val, tie
    end
  end
  return choice
end
