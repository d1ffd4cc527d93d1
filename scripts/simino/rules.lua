-- Simino rules (variants/simino/RULES.md, ids SI-n). The Go board component (g:board_*) holds the
-- box: floors of cells, which tile covers each cell and its colour; g:board_dominoes enumerates the
-- free two-cell positions (and junctions above floor 1), so Lua only filters candidates by colour.

local BOARD = "main"
local ORDER = {W = 1, Y = 2, O = 3, R = 4, P = 5, B = 6, G = 7, K = 8}
local DIRS = {r = {0, 1}, l = {0, -1}, d = {1, 0}, u = {-1, 0}}
local BACK = {r = "l", l = "r", d = "u", u = "d"}
local ATTRS = {"a", "b"} -- the tile attributes holding its two colours
local COLOURS = 8 -- how many there are (ORDER's): once all are placed, no placement brings a new one
-- a library function as a local: a global read goes through the sandbox
local words = words

-- the params, read once at load (PARAMS; they never change within an engine): a g:param call on
-- every turn cost several calls into Go per move
local DRAW, HAND_SIZE = PARAMS.draw, PARAMS.hand_size
local PENALTIES, CAPPED = PARAMS.penalties, PARAMS.penalty == "capped"
local TEAMS, NEXT_FIRST, BLOCKED = PARAMS.teams, PARAMS.next_first, PARAMS.blocked
local SOLITAIRE, SOLITAIRE_END = PARAMS.solitaire.enabled, PARAMS.solitaire["end"]
local BONUS = PARAMS.solitaire.all_placed_bonus
local ROUNDS, TARGET = PARAMS.game.rounds, PARAMS.game.target or 0

-- each tile's two colours and pay move by id, and the numbers a move spells, built at load: a sub, a
-- tonumber or a .. on every move cost a call into Go each (typed input, naming anything, falls back)
local FIRST, SECOND, NUM, DOUBLE, PAY = {}, {}, {}, {}, {}
for x in pairs(ORDER) do
  for y in pairs(ORDER) do FIRST[x .. y], SECOND[x .. y], PAY[x .. y] = x, y, "pay " .. x .. y end
  DOUBLE[x .. x] = true
end
for i = 0, 99 do NUM[tostring(i)] = i end
local function halves(id)
  local a = FIRST[id]
  if a then return a, SECOND[id] end
  return id:sub(1, 1), id:sub(2, 2)
end
local function num(s) return NUM[s] or tonumber(s) end

-- SI-12 and the variants' colour rules: may the tile halves t1, t2 cover the junction halves b1, b2
-- (t1 lies on b1, t2 on b2)? The one hook the white/black variants replace.
function can_cover(g, t1, t2, b1, b2)
  return t1 == b1 and t2 == b2
end

-- A placement on an upper floor whose halves are not the colours beneath used a colour variant's
-- property (white is weak, black is strong): the variants replace this hook to mark their rule. The
-- base game's colours match exactly, so it never gets here.
function off_colour(g, t1, t2, b1, b2) end

-- g:board_placements' colour rule: the global can_cover looked up on each call, so a variant's
-- override (loaded after this file) is the one asked
local function allow_cover(g, t1, t2, b1, b2) return can_cover(g, t1, t2, b1, b2) end

-- g:board_placements' options, built at load (all of them params); while the corners are open a
-- turn passes the tiles free to take one apart: an options table per turn cost a new key per field
local function placement_options(first)
  return {attrs = ATTRS, match = PARAMS.abut, wild = PARAMS.floor1_wild, holes = PARAMS.holes,
    allow = allow_cover, prefix = "place ", first = first}
end
local OPTIONS, OPTIONS_FIRST = placement_options(false), placement_options(true)

-- the colour rules an upper-floor placement of a tile of halves a, b used, a on (r, c) and b on
-- (r2, c2) of floor (SI-12, and a variant's through off_colour); positional, not a placement table
local function mark_cover(g, a, b, floor, r, c, r2, c2)
  g:rule("SI-12")
  local _, b1 = g:board_at(BOARD, floor - 1, r, c)
  local _, b2 = g:board_at(BOARD, floor - 1, r2, c2)
  if a ~= b1 or b ~= b2 then off_colour(g, a, b, b1, b2) end
end

local function penalty_of(g, floor)
  if floor < 2 or not PENALTIES then return 0 end
  if CAPPED then return math.min(floor - 1, 2) end
  return floor - 1 -- SI-15 / SI-D4
end

local function spell(tile, r, c, dir, floor)
  return string.format("place %s %d %d %s %d", tile, r, c, dir, floor)
end

-- Every single placement of `hand`'s tiles, found by Go's g:board_placements: floor-1 moves (SI-6/7
-- corners, SI-8/SI-D2 abutting, the SI-10 hole test), then upper-floor moves on junctions filtered by
-- can_cover (SI-12; asked once per colour combination, the answers remembered). Returns the moves and
-- how many lie on floor 1. With count_only it stops at the first floor with a placement and returns
-- true/false.
function placements(g, hand, count_only)
  -- the tiles free to take a corner (SI-6/7); none once the corners are closed (SI-9)
  local free
  local open, seen = g:get("corners_open", "colours")
  if open then
    free = {}
    seen = seen or ""
    for _, tile in ipairs(hand) do
      local a, b = halves(tile)
      if not seen:find(a, 1, true) and not seen:find(b, 1, true) then free[#free + 1] = tile end
    end
  end
  -- one Go call for every floor (a tile held twice counts once): no table per floor, no copying of
  -- moves in Lua
  local out, n1 = g:board_placements(BOARD, hand, count_only and OPTIONS_FIRST or OPTIONS, free)
  if count_only then return #out > 0 end
  return out, n1
end

-- the doubles among the upper-floor moves out[first..], five entries each in one flat list: the move
-- without "place ", the colour's ORDER, the floor and its two cells (row * 100 + col). A table with
-- named fields per double cost a new string key per field, thousands of machine instructions each.
local function upper_doubles(out, first)
  local list = {}
  for i = first, #out do
    local m = out[i]
    if m:byte(7) == m:byte(8) then -- "place XX ...": a double
      local _, tile, r, c, dir, f = words(m)
      local cell = NUM[r] * 100 + NUM[c] -- (a board has at most 12 rows and 9 floors: NUM spells them)
      local n = #list
      list[n + 1], list[n + 2], list[n + 3] = m:sub(7), ORDER[FIRST[tile]], NUM[f]
      list[n + 4], list[n + 5] = cell, dir == "d" and cell + 100 or cell + 1
    end
  end
  return list
end

-- SI-14: two doubles at once on floors >= 2 (`list`: upper_doubles'), each legal on the board as it
-- is, not overlapping, appended to moves. Spelled with the doubles in tile order (W..K).
local function add_pairs_of_doubles(moves, list)
  for i = 1, #list, 5 do
    for j = i + 5, #list, 5 do
      local order1, order2 = list[i + 1], list[j + 1]
      if order1 ~= order2 then -- two different tiles
        local p1, p2, q1, q2 = list[i + 3], list[i + 4], list[j + 3], list[j + 4]
        local clash = list[i + 2] == list[j + 2] and (p1 == q1 or p1 == q2 or p2 == q1 or p2 == q2)
        if not clash then
          if order2 < order1 then
            moves[#moves + 1] = "place2 " .. list[j] .. " " .. list[i]
          else
            moves[#moves + 1] = "place2 " .. list[i] .. " " .. list[j]
          end
        end
      end
    end
  end
end

-- SI-5..SI-14: the moves seat `seat` may make with its hand: every placement (placements) and
-- every pair of doubles placed together (place2); returns a list of move strings
function legal_moves(g, seat)
  local hand = g:cards("hand", seat)
  local moves, n1 = placements(g, hand)
  if #moves == n1 then return moves end -- no upper-floor move
  -- a pair needs two doubles in hand: most hands hold fewer, and their moves are not searched
  local held = 0
  for i = 1, #hand do
    if DOUBLE[hand[i]] then held = held + 1 end
  end
  if held > 1 then
    local doubles = upper_doubles(moves, n1 + 1)
    if #doubles > 5 then add_pairs_of_doubles(moves, doubles) end
  end
  return moves
end

local function can_place(g, seat)
  return placements(g, g:cards("hand", seat), true)
end

---------------------------------------------------------------------------------------------------
-- seats, teams, turns

local function is_in(g, seat) return not g:sget(seat, "out") end

local function partner(g, seat)
  if not TEAMS then return nil end
  return (seat + 2) % g:players()
end

local function seats_in(g)
  local list = {}
  for s = 0, g:players() - 1 do if is_in(g, s) then list[#list + 1] = s end end
  return list
end

-- how many seats are still in (seats_in without a table: round_over asks after every move)
local function count_in(g)
  local n = 0
  for s = 0, g:players() - 1 do if is_in(g, s) then n = n + 1 end end
  return n
end

-- the seat acting on turn t, or nil when nobody can (SI-V1: a partner plays for an out seat)
local function actor_of(g, t)
  if is_in(g, t) then return t end
  local p = partner(g, t)
  if p and is_in(g, p) then return p end
  return nil
end

-- the turn after t and its actor; outs: how many seats are out, when the caller has read it (with
-- none out the next seat acts: no seat's "out" asked of Go on nearly every move)
local function next_turn(g, t, outs)
  local n = g:players()
  if outs == 0 then return (t + 1) % n, (t + 1) % n end
  for k = 1, n do
    local u = (t + k) % n
    local a = actor_of(g, u)
    if a then return u, a end
  end
  return nil, nil
end

local function round_over(g)
  local n = g:players()
  if SOLITAIRE then return false end
  if TEAMS then
    for s = 0, n - 1 do
      if not is_in(g, s) and not is_in(g, partner(g, s)) then return true end -- SI-V1
    end
    return false
  end
  return count_in(g) <= 1 -- SI-18
end

local function hand_total(g)
  local t = 0
  for _, s in ipairs(seats_in(g)) do t = t + g:count("hand", s) end
  return t
end

-- SI-18: seat goes out and scores the tiles held by the players still in (SI-V1: so does its partner)
local function go_out(g, seat)
  g:sset(seat, "out", true)
  local pts = hand_total(g)
  local k = (g:get("outs") or 0) + 1
  g:set("outs", k)
  g:rule("SI-18")
  if k == 1 then
    g:set("first_out", seat)
    g:stat(seat, "out_first", 1)
  end
  g:sset(seat, "round_pts", (g:sget(seat, "round_pts") or 0) + pts)
  g:add_score(seat, pts)
  local p = partner(g, seat)
  if p then
    g:rule("SI-V1") -- the partner scores too
    g:sset(p, "round_pts", (g:sget(p, "round_pts") or 0) + pts)
    g:add_score(p, pts)
  end
  g:emit("out", nil, "seat", seat, "place", k, "points", pts)
end

---------------------------------------------------------------------------------------------------
-- rounds

local function draw(g, seat, n)
  local got = g:move_top("reserve", nil, "hand", seat, n)
  if got > 0 then
    g:sort("hand", seat)
    g:emit("draw", nil, "seat", seat, "count", got) -- g:emit: no field table on every turn
  end
  return got
end

local function parse_place(s)
  local tile, r, c, dir, f = s:match("^(%u%u) (%-?%d+) (%-?%d+) ([rldu]) ?(%d*)$")
  if not tile then return nil end
  r, c = tonumber(r), tonumber(c)
  f = tonumber(f) or 1
  local dd = DIRS[dir]
  local a, b = halves(tile)
  return {tile = tile, a = a, b = b, r = r, c = c, dir = dir, floor = f, r2 = r + dd[1], c2 = c + dd[2]}
end

-- tile (halves a, b) with a on (r, c) and b on (r2, c2), from a zone; positional rather than a
-- placement table, which would cost a table with seven named fields on every move. seen: the colours
-- placed so far when the caller has read them (nil: read here)
local function put_on_board(g, tile, a, b, floor, r, c, r2, c2, from_zone, from_seat, seen)
  g:board_place(BOARD, tile, floor, r, c, a, r2, c2, b) -- the cells flat: no table per cell
  g:move(tile, from_zone, from_seat, "box", nil)
  seen = seen or g:get("colours") or ""
  if #seen == COLOURS then return end -- every colour placed already: most of a round
  -- the two halves one by one, not in a loop over a table built for them, and written only when a
  -- colour is new (this runs on every move)
  local now = seen
  if not now:find(a, 1, true) then now = now .. a end
  if not now:find(b, 1, true) then now = now .. b end
  if now ~= seen then g:set("colours", now) end
end

-- scenario `board`: tiles already placed, checked for geometry and the colour rule of upper floors
local function setup_board(g, list)
  local all_corners = true
  for i, s in ipairs(list) do
    local where = string.format("setup.board[%d] (%s)", i - 1, tostring(s))
    local p = type(s) == "string" and parse_place(s:gsub("^place ", ""))
    if not p then error(where .. ": expected `place TILE ROW COL DIR [FLOOR]`", 0) end
    if not g:is_card(p.tile) then error(where .. ": no tile " .. p.tile, 0) end
    if not g:has("reserve", p.tile) then error(where .. ": tile " .. p.tile .. " is used twice", 0) end
    if not g:board_in(BOARD, p.floor, p.r, p.c) or not g:board_in(BOARD, p.floor, p.r2, p.c2) then
      error(where .. ": off the board", 0)
    end
    if g:board_at(BOARD, p.floor, p.r, p.c) ~= 0 or g:board_at(BOARD, p.floor, p.r2, p.c2) ~= 0 then
      error(where .. ": a cell is already covered", 0)
    end
    if p.floor > 1 then
      if not g:board_is_junction(BOARD, p.floor - 1, p.r, p.c, p.r2, p.c2) then
        error(where .. ": an upper-floor tile must bridge two different tiles (SI-12)", 0)
      end
      local _, b1 = g:board_at(BOARD, p.floor - 1, p.r, p.c)
      local _, b2 = g:board_at(BOARD, p.floor - 1, p.r2, p.c2)
      if not can_cover(g, p.a, p.b, b1, b2) then
        error(where .. ": its colours may not cover " .. b1 .. "-" .. b2, 0)
      end
    elseif not (g:board_is_corner(BOARD, p.r, p.c) or g:board_is_corner(BOARD, p.r2, p.c2)) then
      all_corners = false
    end
    put_on_board(g, p.tile, p.a, p.b, p.floor, p.r, p.c, p.r2, p.c2, "reserve", nil)
  end
  -- SI-6/7/9: corner play stays open only if every floor-1 tile lies in a corner
  g:set("corners_open", all_corners)
end

local function setup_round(g)
  local n = g:players()
  for s = 0, n - 1 do
    g:move_all("hand", s, "reserve", nil)
    g:sset(s, "out", nil)
    g:sset(s, "round_pts", nil)
  end
  g:move_all("box", nil, "reserve", nil)
  g:move_all("aside", nil, "reserve", nil)
  g:board_clear(BOARD)
  g:sort("reserve")
  g:set("colours", "")
  g:set("corners_open", true)
  g:set("outs", 0)
  g:set("first_out", nil)
  local size = HAND_SIZE
  local scen = g:get("round") == 1
  local board = scen and g:fixed("board") or nil
  local hands = scen and g:fixed("hands") or nil
  local reserve = scen and g:fixed("reserve") or nil
  if board then setup_board(g, board) end
  if hands then
    if #hands ~= n then error(string.format("setup.hands: %d hands for %d players", #hands, n), 0) end
    for s = 0, n - 1 do
      for _, id in ipairs(hands[s + 1]) do
        if not g:has("reserve", id) then
          error(string.format("setup.hands[%d]: tile %s is on the board or dealt twice", s, id), 0)
        end
        g:move(id, "reserve", nil, "hand", s)
      end
      g:sort("hand", s)
    end
  end
  if reserve then
    -- the listed tiles, first listed drawn first; every other tile is set aside for this round
    g:move_all("reserve", nil, "aside", nil)
    for i = #reserve, 1, -1 do
      local id = reserve[i]
      if not g:has("aside", id) then
        error(string.format("setup.reserve[%d]: tile %s is on the board, in a hand or listed twice", i - 1, id), 0)
      end
      g:move(id, "aside", nil, "reserve", nil)
    end
  else
    g:shuffle("reserve") -- SI-3 / SI-20: a fresh shuffle each round
  end
  if not hands then
    g:rule("SI-3")
    for s = 0, n - 1 do draw(g, s, size) end
  end
end

local function start_round(g, first)
  g:set("first", first)
  g:set("last_mover", nil) -- SI-D5: nobody has placed yet in this round
  setup_round(g)
  start_turn(g, first)
end

-- SI-4: the first player (drawn, or the scenario's fixed `first`), then round 1 (hook, called once)
function setup(g)
  local n = g:players()
  g:set("round", 1)
  g:set("blocked_rounds", 0)
  local first = g:fixed("first")
  if first == nil then
    first = g:random(n, "first_player") - 1
    g:rule("SI-4")
  end
  start_round(g, first)
end

-- SI-D5: the players still in go out by fewest tiles, ties to the earlier seat after the last mover
-- (the last seat to place a tile this round; while nobody has placed, the round's first player)
local function blocked_end(g)
  g:set("blocked_rounds", (g:get("blocked_rounds") or 0) + 1)
  g:rule("SI-19")
  g:emit("blocked")
  if BLOCKED == "fewest" then
    g:rule("SI-D5")
    local n = g:players()
    local last = g:get("last_mover") or g:get("first")
    while not round_over(g) and count_in(g) > 0 do
      local best, bestn
      for k = 1, n do
        local s = (last + k) % n
        if is_in(g, s) then
          local c = g:count("hand", s)
          if bestn == nil or c < bestn then best, bestn = s, c end
        end
      end
      go_out(g, best)
      if count_in(g) <= 1 and not TEAMS then break end
    end
  end
  end_round(g)
end

local function winners_by_score(g)
  local best
  for s = 0, g:players() - 1 do best = best and math.max(best, g:score(s)) or g:score(s) end
  local w = {}
  for s = 0, g:players() - 1 do if g:score(s) == best then w[#w + 1] = s end end
  return w
end

-- SI-V2: solitaire score: floor f tile f-1, each tile not placed -1, all placed +5
local function solitaire_end(g)
  g:rule("SI-V2")
  local pts = 0
  -- counted per floor: g:board_pieces builds a table per piece
  for f = 2, g:board_top(BOARD) do pts = pts + (f - 1) * g:board_count(BOARD, f) end
  local left = g:count("hand", 0) + g:count("reserve")
  pts = pts - left
  if left == 0 then pts = pts + BONUS end
  g:add_score(0, pts)
  g:round_end(1, {pts})
  g:finish({0})
end

-- SI-20 / SI-D8: the round is over (its points are in the seats' round_pts): scores it, then
-- ends the game (game.rounds, game.target) or starts the next round
function end_round(g)
  local n = g:players()
  local scores = {}
  for s = 0, n - 1 do scores[s + 1] = g:sget(s, "round_pts") or 0 end
  local round = g:get("round")
  g:round_end(round, scores)
  local done = round >= ROUNDS
  if TARGET > 0 then
    done = false
    for s = 0, n - 1 do if g:score(s) >= TARGET then done = true end end
  end
  if done then
    g:rule("SI-20")
    g:finish(winners_by_score(g)) -- SI-20 / SI-D8: ties share the victory
    return
  end
  g:set("round", round + 1)
  local first = (g:get("first") + 1) % n
  g:rule("SI-D8")
  if NEXT_FIRST == "first_out" and g:get("first_out") then first = g:get("first_out") end
  start_round(g, first)
end

-- a turn begins: the actor of turn t (actor_of's, when the caller knows it) is asked to place, pass,
-- or the round ends blocked (SI-19)
function start_turn(g, t, actor)
  actor = actor or actor_of(g, t)
  if actor == nil then
    t, actor = next_turn(g, t)
  end
  g:set_values("turn", t, "phase", "place")
  if DRAW == "before" then -- SI-V5: draw one, then place
    g:rule("SI-V5")
    draw(g, actor, 1)
  end
  local moves = legal_moves(g, actor)
  if #moves > 0 then
    g:ask(actor, moves)
    return
  end
  local drawing = DRAW ~= "refill"
  if SOLITAIRE then
    if g:count("reserve") == 0 or SOLITAIRE_END == "stuck" then
      g:rule("SI-D6") -- stuck: the game ends
      solitaire_end(g)
      return
    end
    g:ask(actor, {"pass"})
    return
  end
  -- SI-19: the round ends when no player still in can move (with an empty reserve when passing draws)
  local anyone = drawing and g:count("reserve") > 0
  if not anyone then
    for _, s in ipairs(seats_in(g)) do
      if s ~= actor and can_place(g, s) then anyone = true break end
    end
  end
  if not anyone then
    blocked_end(g)
    return
  end
  g:ask(actor, {"pass"}) -- SI-11
end

-- after the placement and the penalty: draw, players out, next turn (turn and outs: the turn and how
-- many seats are out, when the caller has read them)
local function end_turn(g, seat, passed, turn, outs)
  local mode = DRAW
  if mode == "refill" and not passed then -- SI-11: a pass draws nothing
    local need = HAND_SIZE - g:count("hand", seat)
    if need > 0 then
      g:rule("SI-5")
      draw(g, seat, need)
    else
      g:rule("SI-17") -- penalty tiles keep the hand at 5 or more
    end
  elseif mode == "one" then
    g:rule("SI-D6")
    draw(g, seat, 1)
  end
  if SOLITAIRE then
    if g:count("hand", 0) == 0 and g:count("reserve") == 0 then
      solitaire_end(g)
      return
    end
    start_turn(g, 0, 0) -- the one seat acts (it never goes out)
    return
  end
  -- SI-18: anyone without tiles while the reserve is empty goes out, the mover first; only then may
  -- the round be over (it was not when this turn began), so only then is it asked
  if g:count("reserve") == 0 then
    local n, went = g:players(), false
    for k = 0, n - 1 do
      local s = (seat + k) % n
      -- the hand asked first: it is rarely empty, and is_in and round_over ask Go once per seat
      if g:count("hand", s) == 0 and is_in(g, s) and not round_over(g) then
        go_out(g, s)
        went = true
      end
    end
    if went then
      if round_over(g) then
        end_round(g)
        return
      end
      outs = nil -- the seats out are counted anew
    end
  end
  if turn == nil then turn, outs = g:get("turn", "outs") end
  start_turn(g, next_turn(g, turn, outs))
end

local function ask_pay(g, seat)
  local hand, moves = g:cards("hand", seat), {}
  for i, id in ipairs(hand) do -- each tile once: alike tiles lie together in a hand (always sorted)
    if id ~= hand[i - 1] then moves[#moves + 1] = PAY[id] end -- (a set of ids cost a new key each)
  end
  g:set("phase", "pay")
  g:ask(seat, moves)
end

-- SI-15/16: the next player draws the penalty; what the reserve lacks, the mover pays from hand (turn
-- and outs as end_turn's)
local function penalise(g, seat, pen, turn, outs)
  if pen <= 0 then return end_turn(g, seat, false, turn, outs) end
  local _, target = next_turn(g, turn, outs)
  if target == nil or target == seat then return end_turn(g, seat, false, turn, outs) end
  g:rule("SI-15", "SI-D4")
  local got = draw(g, target, pen)
  g:stat(seat, "penalties_given", pen)
  g:emit("penalty", nil, "seat", target, "tiles", pen, "from_reserve", got)
  local owe = pen - got
  if owe > 0 and g:count("hand", seat) > 0 then
    g:rule("SI-16")
    g:set("owe", owe)
    g:set("owe_to", target)
    ask_pay(g, seat)
    return
  end
  end_turn(g, seat, false, turn, outs)
end

-- a legal move's placement (already canonical: no pattern matching needed)
local function placement_of(tile, r, c, dir, f)
  local dd = DIRS[dir]
  r, c = num(r), num(c)
  local a, b = halves(tile)
  return {tile = tile, a = a, b = b, r = r, c = c, dir = dir, floor = num(f), r2 = r + dd[1], c2 = c + dd[2]}
end

-- `seat` answered `move`: "place TILE R C DIR FLOOR", "place2 ... ...", "pay TILE" or "pass"
-- (SI-6..SI-19) (hook)
function on_move(g, seat, move)
  local verb, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11 = words(move)
  local rest = w2
  -- SI-D5: the last mover is the last seat that placed (a pass moves nothing; a payment follows the
  -- payer's own placement)
  if verb == "place" or verb == "place2" then g:set("last_mover", seat) end
  if verb == "place" then
    -- the placement in locals, not a table: this is the path of nearly every move
    local tile, r, c, f = w2, NUM[w3] or tonumber(w3), NUM[w4] or tonumber(w4), NUM[w6] or tonumber(w6)
    local dd = DIRS[w5]
    local r2, c2 = r + dd[1], c + dd[2]
    local a, b = halves(tile)
    local seen, open, turn, outs = g:get("colours", "corners_open", "turn", "outs")
    seen = seen or ""
    if f > 1 then
      mark_cover(g, a, b, f, r, c, r2, c2)
    elseif #seen == COLOURS or seen:find(a, 1, true) or seen:find(b, 1, true) then
      -- SI-9: a floor-1 tile with a colour already placed is an abutting placement (a corner
      -- placement needs two new colours, SI-7): the free corners are closed for good
      g:rule("SI-8", "SI-D2")
      if open then
        g:rule("SI-9")
        g:set("corners_open", false)
      end
    elseif seen == "" then
      g:rule("SI-6") -- the first tile, in a corner
    else
      g:rule("SI-7") -- two new colours, in another free corner
    end
    put_on_board(g, tile, a, b, f, r, c, r2, c2, "hand", seat, seen)
    penalise(g, seat, penalty_of(g, f), turn, outs)
  elseif verb == "place2" then
    local p = placement_of(w2, w3, w4, w5, w6)
    local q = placement_of(w7, w8, w9, w10, w11)
    g:rule("SI-14")
    mark_cover(g, p.a, p.b, p.floor, p.r, p.c, p.r2, p.c2)
    mark_cover(g, q.a, q.b, q.floor, q.r, q.c, q.r2, q.c2)
    put_on_board(g, p.tile, p.a, p.b, p.floor, p.r, p.c, p.r2, p.c2, "hand", seat)
    put_on_board(g, q.tile, q.a, q.b, q.floor, q.r, q.c, q.r2, q.c2, "hand", seat)
    local turn, outs = g:get("turn", "outs")
    penalise(g, seat, penalty_of(g, p.floor) + penalty_of(g, q.floor), turn, outs)
  elseif verb == "pay" then
    g:move(rest, "hand", seat, "hand", g:get("owe_to"))
    g:sort("hand", g:get("owe_to"))
    local owe = g:get("owe") - 1
    if owe > 0 and g:count("hand", seat) > 0 then
      g:set("owe", owe)
      ask_pay(g, seat)
      return
    end
    g:set("owe", nil) -- paid (or nothing left to pay with)
    g:set("owe_to", nil)
    end_turn(g, seat)
  elseif verb == "pass" then
    g:rule("SI-11")
    g:emit("pass", nil, "seat", seat)
    end_turn(g, seat, true)
  else
    error("unexpected move " .. move)
  end
end

-- typed input: floor 1 may be left out, a tile may be named with its letters reversed (`BY` for YB),
-- a double may name either half, two doubles may come in either order
local function canon_place(s)
  local p = parse_place(s)
  if not p then return nil end
  local a, b = halves(p.tile)
  if ORDER[a] and ORDER[b] and ORDER[a] > ORDER[b] then
    -- reversed letters: the first letter of the id is the second half here
    p = {tile = b .. a, r = p.r2, c = p.c2, dir = BACK[p.dir], floor = p.floor}
  end
  a, b = halves(p.tile)
  if a == b and (p.dir == "l" or p.dir == "u") then
    local dd = DIRS[p.dir]
    p = {tile = p.tile, r = p.r + dd[1], c = p.c + dd[2], dir = BACK[p.dir], floor = p.floor}
  end
  return spell(p.tile, p.r, p.c, p.dir, p.floor)
end

-- the canonical spelling of a typed `move` (floor 1 left out, a tile's letters reversed, a
-- double by either half, two doubles in either order), or `move` unchanged (hook, read-only)
function normalize(g, seat, move)
  local verb, rest = move:match("^%s*(%S+)%s*(.-)%s*$")
  if verb == "place" then
    return canon_place(rest) or move
  elseif verb == "place2" then
    local x, y = rest:match("^(%u%u %d+ %d+ %a %d+) (%u%u %d+ %d+ %a %d+)$")
    if not x then return move end
    x, y = canon_place(x), canon_place(y)
    if not x or not y then return move end
    x, y = x:sub(7), y:sub(7)
    if ORDER[y:sub(1, 1)] < ORDER[x:sub(1, 1)] then return "place2 " .. y .. " " .. x end
    return "place2 " .. x .. " " .. y
  end
  return move
end

-- the game's extra numbers for sim: blocked rounds and rounds played; returns {game = {...}} (hook)
function stats(g)
  return {game = {blocked_rounds = g:get("blocked_rounds") or 0, rounds = g:get("round") or 0}}
end
