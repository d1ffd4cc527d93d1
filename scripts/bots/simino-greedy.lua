-- Simino greedy bot: reads only its observation. Measured against random (sim), filling floor 1 wins
-- far more often than climbing: most rounds end blocked (SI-19), where tile counts and the tie rule
-- decide, and a penalty only delays the next player's draw (SI-17). So it plays on floor 1 when it
-- can, next to tiles of colours it holds (more abutting options later), keeps doubles, and climbs
-- only when it must. When paying a penalty from hand it gives away the tile it can use least.
--
-- Speed: a decision weighs every legal placement, and most of a turn's moves are new strings (the
-- seat's own tiles on a board that changed), so a move is read afresh each time: a placement "place
-- TT R C D F" whose numbers are one digit each (every board up to 10 by 10) as its bytes (one
-- string.byte call), any other move with one words call (a cache keyed by move string grew by several
-- map entries per move). The cells next to a placement's two cells are listed at load for each cell
-- and direction (the board's size is a param), and the hand's colours are counted once per decision,
-- less one for the colours of the tile weighed (its moves come together): a neighbour then costs a
-- few table reads, not a loop over the hand. Colours are numbered at load, so the counts are lists:
-- a write to a string key costs gopher-lua a map entry and a boxed key. Every VM step costs about
-- 200 machine instructions, a Lua call several hundred more: placements are weighed inline, in one
-- loop, and a move that cannot beat the best one found is not weighed at all.

-- library functions as locals: a global lookup goes through the sandbox
local random, huge, words, byte = math.random, math.huge, words, string.byte
-- -1 where climbing pays, else 1; and the best values from which no placement above floor 1, and no
-- "place2" move, can win (set at the first decision: the same all game)
local UP, CLIMB_BELOW, PLACE2_BELOW

local DIRS = {r = {0, 1}, l = {0, -1}, d = {1, 0}, u = {-1, 0}}
local NUM = {} -- the numbers a move spells, by their text (tonumber is a call into Go)
for i = 0, 99 do NUM[tostring(i)] = i end

-- COLOUR[x]: the number of each colour a tile shows, from 1 (in catalogue order), and FREE, after
-- them, of "" (a free cell's value)
local COLOUR, FREE = {}, 0
-- each tile's two colours' numbers by id (its attributes a and b), and also by the number its id's
-- two bytes make (how a placement read as bytes names it: bytes_at), read at load
local FIRST, SECOND = {}, {}
-- the length of a placement "place TT R C D F": 16 when every tile id has two letters, else 0 (a
-- length no move has: every move is then read with words)
local ONE_DIGIT = 16
-- the number of two letters: 1 to 676 for "AA" to "ZZ" (a small index, as gopher-lua grows a table's
-- array part up to any positive integer key)
local function bytes_at(b1, b2)
  return (b1 - 65) * 26 + b2 - 64
end
local function colour_number(x)
  if not COLOUR[x] then FREE = FREE + 1; COLOUR[x] = FREE end
  return COLOUR[x]
end
do
  local ids, a, b = g:card_list(), g:card_list("a"), g:card_list("b")
  for i = 1, #ids do
    local id, ka, kb = ids[i], colour_number(a[i]), colour_number(b[i])
    FIRST[id], SECOND[id] = ka, kb
    if #id == 2 then
      local at = bytes_at(byte(id, 1, 2))
      FIRST[at], SECOND[at] = ka, kb
    else
      ONE_DIGIT = 0
    end
  end
  FREE = colour_number("")
end
-- SHOWS[k]: how many tiles of the seat's hand show colour k (a double once), refilled at each
-- decision, 0 for FREE; while a tile's moves are weighed, less one for its colours (how many of its
-- other tiles show k: each tile id is unique)
local SHOWS = {}
for k = 1, FREE do SHOWS[k] = 0 end

-- NEAR2[d][i]: the board indices of the cells next to a placement's first half on cell i and next to
-- its second half, the cell in direction d (its letter's byte); the two cells themselves are free (a
-- placement's are), so left out. Listed at load for the board.size param (and again at a game's first
-- decision if its board differs): ROWS x COLS, the same all game
local NEAR2, ROWS, COLS
-- a direction letter's byte: a placement read with words names its direction as a string
local DIR_BYTE = {}
for dir in pairs(DIRS) do DIR_BYTE[dir] = byte(dir) end
local STEPS = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}}
local function near_cells(rows, cols)
  local near = {} -- near[i]: the cells next to cell i
  for r = 0, rows - 1 do
    for c = 0, cols - 1 do
      local list = {}
      for k = 1, 4 do
        local nr, nc = r + STEPS[k][1], c + STEPS[k][2]
        if nr >= 0 and nr < rows and nc >= 0 and nc < cols then list[#list + 1] = nr * cols + nc + 1 end
      end
      near[r * cols + c + 1] = list
    end
  end
  NEAR2, ROWS, COLS = {}, rows, cols
  for k = 1, 117 do NEAR2[k] = false end -- a list with slots up to "u" (117), not new keys later
  for dir, dd in pairs(DIRS) do
    local lists = {}
    for r = 0, rows - 1 do
      for c = 0, cols - 1 do
        local i, r2, c2, list = r * cols + c + 1, r + dd[1], c + dd[2], false
        if r2 >= 0 and r2 < rows and c2 >= 0 and c2 < cols then
          local i2, n1, n2 = r2 * cols + c2 + 1, near[i], near[r2 * cols + c2 + 1]
          list = {}
          for k = 1, #n1 do if n1[k] ~= i2 then list[#list + 1] = n1[k] end end
          for k = 1, #n2 do if n2[k] ~= i then list[#list + 1] = n2[k] end end
        end
        lists[i] = list -- by index from 1: array slots
      end
    end
    NEAR2[DIR_BYTE[dir]] = lists
  end
end
do
  local size = g:param("board.size")
  if type(size) == "number" then near_cells(size, size) end
end

-- fills SHOWS from the seat's hand
local function colour_counts(obs)
  local shows, first, second = SHOWS, FIRST, SECOND -- locals: see best_move
  for k = 1, FREE - 1 do shows[k] = 0 end
  local h = obs.zones.hand[obs.seat + 1]
  local hand = h and h.cards or {}
  for i = 1, #hand do
    local id = hand[i]
    local a, b = first[id], second[id]
    shows[a] = shows[a] + 1
    if b ~= a then shows[b] = shows[b] + 1 end
  end
end

-- the value of a move other than a placement, by its words: "place2 T1 R C D F1 T2 R C D F2",
-- "pay TILE" or "pass"
local function other_score(kind, tile, f1, f2)
  if kind == "pay" then
    -- give away the tile my other tiles need least (how many show its colours), a double last
    local a, b = FIRST[tile], SECOND[tile]
    local v = -(SHOWS[a] + SHOWS[b] - 2)
    if a == b then v = v - 5 end
    return v
  elseif kind == "pass" then
    return -1000
  elseif kind == "place2" then
    return -UP * 100 * (NUM[f1] + NUM[f2] - 2) - UP * 60
  end
  return 0
end

-- the best of the legal moves, each weighed plus a random tie-break: a placement (most moves) weighed
-- here, inline (a call per move cost more than its sums), the others by other_score; vals: floor 1
-- of the board. A placement on floor 1 is worth most next to tiles of colours my other tiles show
-- (junctions they may bridge later: the sum over the cells next to its two halves), a double keeps a
-- bonus (junctions, other things equal), and a tile whose colours my other tiles need least is played
-- first; a placement above is worth its floor
local function best_move(vals, legal)
  -- what is read at every move as locals: each read of an upvalue is one more VM instruction
  local byte, random, shows, near2, colour = byte, random, SHOWS, NEAR2, COLOUR
  local first, second, climb, cols, one_digit = FIRST, SECOND, -UP * 100, COLS or 0, ONE_DIGIT
  local base = 1 - 48 * cols - 48 -- cell index = row byte * cols + column byte + base ("0" is 48)
  local best, bestv = nil, -huge
  -- the tile whose moves are weighed (its id's two bytes, or its id and nil), its colours (SHOWS
  -- holds one less of each: sa and sb put back) and what depends on it alone
  local cur1, cur2, a, b, sa, sb, double, own = nil, nil, FREE, FREE, 0, 0
  for i = 1, #legal do
    local m = legal[i]
    local v
    -- a placement whose numbers are one digit each (the only move of its length), read as bytes: the
    -- tile's two letters, then row, column, direction and floor after a space each ("0" is 48, "1" 49)
    local t1, t2, _, rb, _, cb, _, dir, _, fb = byte(m, 7, 16)
    if #m ~= one_digit then
      if t1 == 32 and bestv >= PLACE2_BELOW then
        v, t1 = -huge, nil -- "place2 ...": it cannot beat best, no need to read it
      else
        -- any other move, read with words: a placement (a number of two digits, a tile id not of two
        -- letters) into the same bytes, t1 its tile's id
        local kind, w2, w3, w4, w5, w6, _, _, _, _, w11 = words(m)
        if kind == "place" then
          t1, t2, rb, cb, dir, fb = w2, nil, NUM[w3] + 48, NUM[w4] + 48, DIR_BYTE[w5], NUM[w6] + 48
        else
          shows[a], shows[b] = sa, sb -- SHOWS as counted, for other_score
          cur1, cur2, a, b, sa, sb = nil, nil, FREE, FREE, 0, 0
          t1, v = nil, other_score(kind, w2, w6, w11)
        end
      end
    end
    if t1 then
      if fb ~= 49 and bestv >= CLIMB_BELOW then
        v = -huge -- above floor 1: it cannot beat best, no need to weigh it
      else
        if t1 ~= cur1 or t2 ~= cur2 then
          shows[a], shows[b], cur1, cur2 = sa, sb, t1, t2
          local tile = t2 and (t1 - 65) * 26 + t2 - 64 or t1 -- bytes_at(t1, t2), inline, or the id
          a, b = first[tile], second[tile]
          sa, sb = shows[a], shows[b]
          shows[a], shows[b] = sa - 1, sb - 1
          double, own = a == b and -1 or 0, 0.2 * (sa + sb - 2)
        end
        if fb ~= 49 then
          v = climb * (fb - 49) - own
        elseif vals then
          local cells, u = near2[dir][rb * cols + cb + base], 0
          for j = 1, #cells do u = u + shows[colour[vals[cells[j]]]] end
          v = double + 3 * u - own
        else
          v = double - own
        end
      end
    end
    v = v + random() * 0.5
    if v > bestv then best, bestv = m, v end
  end
  return best
end

-- whether this game's board was checked against the one NEAR2 lists (at its first decision)
local board_checked = false

function choose(obs, legal)
  -- it climbs where upper floors pay (measured with sim): in solitaire (SI-V2: floor f scores f-1),
  -- when hands are not refilled (SI-V5 draws one per turn, so penalty tiles stay with the next
  -- player), and at 4 players; the same all game, so weighed at the first decision
  if UP == nil then
    local draw = obs.params and obs.params.draw
    UP = (obs.players == 1 or obs.players >= 4 or (draw and draw ~= "refill")) and -1 or 1
    -- where climbing does not pay, a placement above floor 1 is worth -99.6 or less (-100 per floor
    -- above, less own, which is -0.4 or more) and a "place2" move -60 or less (floors count from 1),
    -- each less with its tie-break (under 0.5), so neither can beat a move worth -99 or -59.5 (a
    -- place2 is told by its seventh byte, " ", when every tile id has two letters)
    CLIMB_BELOW = UP == 1 and -99 or huge
    PLACE2_BELOW = (UP == 1 and ONE_DIGIT == 16) and -59.5 or huge
  end
  local board = obs.boards and obs.boards.main
  local vals
  if board then
    vals = board.values[1]
    if not board_checked then
      board_checked = true
      if board.rows ~= ROWS or board.cols ~= COLS then near_cells(board.rows, board.cols) end
    end
  end
  colour_counts(obs)
  return best_move(vals, legal)
end
