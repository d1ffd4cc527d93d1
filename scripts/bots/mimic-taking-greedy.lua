-- A one-ply greedy bot for Mimic Taking. It sees only its observation: it remembers the cards it won from
-- the public trick events and its own (private) keep moves, and for each legal play it asks "if the trick
-- ended now as it stands, would I take it, and how would that change my stack's score?".
--
-- It judges with the rules' own helpers (RULES.trick_winner, RULES.stack_score, RULES.auto_last,
-- RULES.auto_colour; pure functions of their arguments and the params), so in a variant it plays by
-- that variant's params and override scripts, not by the base game's.
--
-- Speed: a bot decides about as often as the rules move, its tables are made again for every game (a
-- new string key costs a Go map entry) and each Lua function call costs about as much as a dozen
-- statements. So it keeps card facts in lists by catalogue place (one string-keyed table: PLAY), a
-- stack as one number (its key, below), only the places of the trick's cards as the plays come (their
-- facts are read when it decides, or when it wins the trick), remembers each stack's score
-- (stack_score depends only on the counts and the params), asks who takes the trick only when the
-- answer can change the choice, and calls few functions of its own on the way.

-- the helpers, looked up at the first decision (`validate` loads a bot without the rules' RULES)
local trick_winner, stack_score, auto_last, auto_colour
local me, players -- this seat and the player count, read at the first decision (a game's bot is one seat's)
local g, words = g, words -- as locals: a global read is a lookup in the bot's environment

local COLORS = {"O", "B", "P", "G"}
local COLOR_INDEX = {O = 1, B = 2, P = 3, G = 4}

-- A stack (colour counts c[1..4] and m Mimics) is the number -(m*16^4 + c[4]*16^3 + ... + c[1]) - 1
-- (negative, so a key goes to the table's hash part: gopher-lua would grow the array part up to a
-- large positive integer key): one more card of colour k (5: a Mimic) takes STEP[k] from it.
local STEP = {1, 16, 256, 4096, 65536}
local MIMIC = STEP[5]
local EMPTY = -1 -- the key of no cards

-- Card facts by catalogue place (g:card_list, lists made in Go: no string key): IDS the id, STEP_AT the
-- step of its colour (a Mimic's for a card without one: the rules give a colour to every card but the
-- Mimics, so that is also how a Mimic is told, MT-7, MT-10), LOSE_AT minus its number (0 for a Mimic).
-- PLAY[move] the place of the card a play move plays.
local IDS, STEP_AT, LOSE_AT, PLAY = g:card_list(), {}, {}, {}
do
  local colors, numbers = g:card_list("color"), g:card_list("number")
  for i = 1, #IDS do
    STEP_AT[i], LOSE_AT[i] = STEP[COLOR_INDEX[colors[i]] or 5], -(numbers[i] or 0)
    PLAY["play " .. IDS[i]] = i
  end
end

-- fills c with the colour counts of a stack key, returns its Mimics
local function decode(key, c)
  local x = -1 - key
  for k = 1, 4 do
    local r = x % 16
    c[k], x = r, (x - r) / 16
  end
  return x
end

-- SCORE[key] is stack_score of the stack the key spells; score_at computes and remembers it
local SCORE, counts = {}, {0, 0, 0, 0}
local function score_at(key)
  local x = -1 - key -- decode(key, counts), inline and unrolled: a call and a loop cost
  local c1 = x % 16; x = (x - c1) / 16
  local c2 = x % 16; x = (x - c2) / 16
  local c3 = x % 16; x = (x - c3) / 16
  local c4 = x % 16; x = (x - c4) / 16
  counts[1], counts[2], counts[3], counts[4] = c1, c2, c3, c4
  local v = stack_score(g, counts, x)
  SCORE[key] = v
  return v
end

-- What this seat has won this round (my_key; counted_key once it chose for its last card, MT-18), its
-- own Mimic choices (MT-19) by colour index, the catalogue places of the cards of the trick being played
-- (trick_at, n_on of them) and the steps of the last trick it won (a trump winner keeps part, MT-14).
-- trick_cards is the table of ids handed to the rules' trick_winner (with a slot for the card weighed).
local my_key, counted_key, assigned = EMPTY, EMPTY, {0, 0, 0, 0}
local trick_at, n_on, last_step = {}, 0, 0
local trick_cards = {}
local trick = {cards = trick_cards}

-- the sum of the steps of the cards a `keep` move keeps
local function kept_steps(move)
  local kept, sum = {words(move)}, 0
  for k = 2, #kept do sum = sum + STEP_AT[PLAY["play " .. kept[k]]] end
  return sum
end

-- my own private move: the cards a trump win did not keep leave the game, a Mimic's colour is noted
local function remember_mine(move)
  local verb, _, colour = words(move)
  if verb == "keep" then
    my_key = my_key + last_step - kept_steps(move)
  elseif verb == "mimic" then
    local k = COLOR_INDEX[colour]
    assigned[k] = assigned[k] + 1
  end
end

-- A card play: for each legal card, "if the trick ended now, would I take it, and how would my stack's
-- score change?" (0 if I would not take it), then a preference for low numbers. Who takes the trick
-- is asked only when a stack's score is not known yet or when its answer can change the choice.
local function choose_play(legal)
  local PLAY, STEP_AT, LOSE_AT, SCORE = PLAY, STEP_AT, LOSE_AT, SCORE -- locals: an upvalue read is an instruction
  -- the trick so far (its ids for trick_winner, the sum of its steps, lead: the first non-Mimic, MT-7)
  local n, cards, lead, t_step = n_on + 1, trick_cards, nil, 0
  for i = 1, n_on do
    local at = trick_at[i]
    cards[i] = IDS[at]
    local step = STEP_AT[at]
    t_step = t_step + step
    if lead == nil and step ~= MIMIC then lead = i end
  end
  for i = #cards, n + 1, -1 do cards[i] = nil end
  trick.leader = (me - n_on) % players
  trick.lead = lead
  local base = SCORE[my_key] or score_at(my_key)
  local with_key = my_key - t_step -- my stack with the trick on the table
  local first = n == 1 -- a card played alone takes the trick
  local IDS, trick, trick_winner, g = IDS, trick, trick_winner, g -- read in the loop: locals
  local best, bestv
  for i = 1, #legal do
    local move = legal[i]
    local at = PLAY[move]
    local step, lose = STEP_AT[at], LOSE_AT[at] -- lose: its value if it does not take the trick
    local key = with_key - step
    local s = SCORE[key]
    local v = lose
    if s == nil or (s ~= base and (bestv == nil or (s - base) * 100 + lose > bestv or lose > bestv)) then
      local won = first
      if not won then
        cards[n] = IDS[at]
        if lead == nil then
          if step == MIMIC then trick.lead = nil else trick.lead = n end
        end
        won = trick_winner(g, trick) == n
      end
      if won then v = ((s or score_at(key)) - base) * 100 + lose end
    end
    if bestv == nil or v > bestv then best, bestv = move, v end
  end
  return best
end

-- MT-14: the subset of the trick that leaves the best stack. The trick event came before this
-- decision, so the memory holds the whole trick already: judge each subset against the stack without it.
local function choose_keep(legal)
  local before_key = my_key + last_step
  local best, bestv
  for i = 1, #legal do
    local key = before_key - kept_steps(legal[i])
    local v = SCORE[key] or score_at(key)
    if not bestv or v > bestv then best, bestv = legal[i], v end
  end
  return best
end

-- MT-18 by the auto policy, with the stack I remember (it is face down, for me too); what I choose
-- makes the stack I count (MT-19)
local function choose_last(last)
  local c = {0, 0, 0, 0}
  local at = PLAY["play " .. last]
  counted_key = my_key
  if auto_last(g, c, decode(my_key, c), last) then
    counted_key = my_key - STEP_AT[at]
    return "last add"
  end
  return "last discard"
end

-- MT-19 by the auto policy: my counted stack's colours (face up to me now) and the Mimics I assigned
local function choose_mimic(legal, id)
  local ac = {0, 0, 0, 0}
  decode(counted_key, ac)
  for k = 1, 4 do ac[k] = ac[k] + assigned[k] end
  local k = auto_colour(ac)
  local move = k and ("mimic " .. id .. " " .. COLORS[k])
  for i = 1, #legal do if legal[i] == move then return move end end
  return legal[1]
end

function choose(obs, legal)
  if me == nil then
    -- stack_score through g:remember: a stack's score is computed once per worker, not once per game
    trick_winner, stack_score = RULES.trick_winner, g:remember("stack_score")
    auto_last, auto_colour = RULES.auto_last, RULES.auto_colour
    me, players = obs.seat, obs.players
  end
  -- the events since my last decision (inline here, not a function: a call costs); an event is a
  -- read-only proxy, so each field is read once, the move first (most events are moves)
  local events, n, PLAY, trick_at = obs.events, n_on, PLAY, trick_at -- locals: read for every event
  for i = 1, #events do
    local e = events[i]
    local move = e.move
    if move then
      local at = PLAY[move]
      if at then
        n = n + 1
        trick_at[n] = at
      elseif e.seat == me then
        remember_mine(move)
      end
    else
      local t = e.type
      if t == "trick" then
        if e.winner == me then -- the trick's cards join my stack
          local sum = 0
          for j = 1, n do sum = sum + STEP_AT[trick_at[j]] end
          my_key, last_step = my_key - sum, sum
        end
        n = 0
      elseif t == "round_end" then
        my_key, counted_key, assigned = EMPTY, EMPTY, {0, 0, 0, 0}
      end
    end
  end
  n_on = n
  if #legal == 1 then return legal[1] end
  local first = legal[1]
  if PLAY[first] then return choose_play(legal) end
  local verb, id = words(first)
  if verb == "keep" then return choose_keep(legal) end
  if verb == "last" then return choose_last(obs.zones.hand[me + 1].cards[1]) end
  if verb == "mimic" then return choose_mimic(legal, id) end
  return legal[1]
end
