-- Simino greedy bot: reads only its observation. Measured against random (sim), filling floor 1 wins
-- far more often than climbing: most rounds end blocked (SI-19), where tile counts and the tie rule
-- decide, and a penalty only delays the next player's draw (SI-17). So it plays on floor 1 when it
-- can, next to tiles of colours it holds (more abutting options later), keeps doubles, and climbs
-- only when it must. When paying a penalty from hand it gives away the tile it can use least.
--
-- Speed: a decision weighs every legal placement, and most of a turn's moves are new strings (the
-- seat's own tiles on a board that changed), so a move is read afresh each time: a placement "place
-- TT R C D F" whose numbers are one digit each (every board up to 10 by 10) as its bytes (one
-- string.byte call, numbers made once per host; words made a string per word and the numbers were
-- looked up by their text), any other move with one words call (a string pattern is compiled on every
-- call; a cache keyed by move string grew by several map entries per move). The cells next to each
-- cell are listed at load (the board's size is a param), and the hand's colours are counted once per
-- decision: a placement then costs a few table reads, not a loop over the hand per neighbour. The
-- moves of one tile come together, so what depends on the tile alone is found once per tile, and
-- each cell's neighbour sum once per tile (several of its moves cover the cell). Every Lua call and
-- upvalue read is a VM step: placements are weighed inline, in one loop.

-- library functions as locals: a global lookup goes through the sandbox
local random, huge, words, byte = math.random, math.huge, words, string.byte
-- -1 where climbing pays, else 1 (set at the first decision: the same all game)
local UP

local DIRS = {r = {0, 1}, l = {0, -1}, d = {1, 0}, u = {-1, 0}}
local NUM = {} -- the numbers a move spells, by their text (tonumber is a call into Go)
for i = 0, 99 do NUM[tostring(i)] = i end

-- each tile's two colours by id (its attributes a and b) and by its id's two bytes (how a placement
-- read as bytes names it: FIRST_AT[bytes_at(b1, b2)]), read at load, and every colour once
local FIRST, SECOND, FIRST_AT, SECOND_AT, COLOURS = {}, {}, {}, {}, {}
-- the place of two letters in FIRST_AT and SECOND_AT: 1 to 676 for "AA" to "ZZ" (a small index,
-- as gopher-lua grows a table's array part up to any positive integer key)
local function bytes_at(b1, b2)
  return (b1 - 65) * 26 + b2 - 64
end
-- colour_counts' answer, refilled at each decision, with every colour's entry made here: a key
-- added during a game costs thousands of machine instructions
local SHOWS = {}
do
  local ids, a, b = g:card_list(), g:card_list("a"), g:card_list("b")
  for i = 1, #ids do
    local id = ids[i]
    FIRST[id], SECOND[id] = a[i], b[i]
    if #id == 2 then
      local at = bytes_at(byte(id, 1, 2))
      FIRST_AT[at], SECOND_AT[at] = a[i], b[i]
    end
    if not SHOWS[a[i]] then SHOWS[a[i]], COLOURS[#COLOURS + 1] = 0, a[i] end
    if not SHOWS[b[i]] then SHOWS[b[i]], COLOURS[#COLOURS + 1] = 0, b[i] end
  end
end

-- NEAR[i]: the board indices of the cells next to cell i (ROWS x COLS, the same all game), listed at
-- load for the board.size param (and again at a game's first decision if its board differs)
local NEAR, ROWS, COLS
local STEPS = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}}
-- near_use's answers for the tile being weighed, by cell (USE[i], valid while USE_AT[i] is STAMP):
-- a tile's floor-1 moves come together and cover each cell in several of them (either way round,
-- several directions); STAMP moves on with each tile weighed, so no table is cleared
local USE, USE_AT, STAMP = {}, {}, 0
-- STEP_AT[byte]: how far the cell a direction's letter points to is, in board indices (a list with
-- slots up to "u", 117)
local STEP_AT = {}
for k = 1, 117 do STEP_AT[k] = false end
local function near_cells(rows, cols)
  NEAR, ROWS, COLS = {}, rows, cols
  for dir, dd in pairs(DIRS) do STEP_AT[byte(dir)] = dd[1] * cols + dd[2] end
  for r = 0, rows - 1 do
    for c = 0, cols - 1 do
      local list = {}
      for k = 1, #STEPS do
        local nr, nc = r + STEPS[k][1], c + STEPS[k][2]
        if nr >= 0 and nr < rows and nc >= 0 and nc < cols then list[#list + 1] = nr * cols + nc + 1 end
      end
      local i = r * cols + c + 1
      NEAR[i], USE[i], USE_AT[i] = list, 0, 0 -- by index from 1: array slots, not new keys later
    end
  end
end
do
  local size = g:param("board.size")
  if type(size) == "number" then near_cells(size, size) end
end

-- shows[x]: how many tiles of the seat's hand show colour x (a double once), 0 for every other
-- colour; a hand tile's other tiles showing x are shows[x] minus one if it shows x itself (each tile
-- id is unique)
local function colour_counts(obs)
  local shows, colours, first, second = SHOWS, COLOURS, FIRST, SECOND -- locals: see best_move
  for k = 1, #colours do shows[colours[k]] = 0 end
  local h = obs.zones.hand[obs.seat + 1]
  local hand = h and h.cards or {}
  for i = 1, #hand do
    local id = hand[i]
    local a, b = first[id], second[id]
    shows[a] = shows[a] + 1
    if b ~= a then shows[b] = shows[b] + 1 end
  end
  return shows
end

-- how many of the hand's other tiles show the colours a and b of one of its tiles (each shows[x]
-- counts the tile itself once)
local function other_use(shows, a, b)
  return shows[a] + shows[b] - 2
end

-- a half on cell i next to different tiles of the same colours makes junctions my tiles may bridge:
-- the sum, over the covered cells next to i, of my other tiles (not the one of colours a, b placed)
-- showing that cell's colour
local function near_use(vals, shows, i, a, b)
  local n = 0
  local near = NEAR[i]
  for k = 1, #near do
    local v = vals[near[k]]
    if v ~= "" then
      n = n + shows[v]
      if v == a or v == b then n = n - 1 end
    end
  end
  USE[i], USE_AT[i] = n, STAMP
  return n
end

-- the value of a move other than a placement: "place2 ...", "pay TILE" or "pass"
local function other_score(shows, m, kind, tile)
  if kind == "pay" then
    local a, b = FIRST[tile], SECOND[tile]
    local v = -other_use(shows, a, b)
    if a == b then v = v - 5 end
    return v
  elseif m == "pass" then
    return -1000
  elseif kind == "place2" then
    local _, _, _, _, _, f1, _, _, _, _, f2 = words(m)
    return -UP * 100 * (NUM[f1] + NUM[f2] - 2) - UP * 60
  end
  return 0
end

-- what depends on a tile of colours a, b alone, for its moves: the double's bonus (keep doubles for
-- junctions, other things equal), its colours' use to my other tiles (play the tile they need
-- least: other_use), and a new STAMP for near_use's answers
local function tile_facts(shows, a, b)
  STAMP = STAMP + 1
  return a == b and -1 or 0, 0.2 * (shows[a] + shows[b] - 2), STAMP
end

-- the best of the legal moves, each weighed plus a random tie-break: a placement "place TILE ROW COL
-- DIR FLOOR" (most moves) weighed here, inline (a call per move cost more than its sums), the others
-- by other_score; vals: floor 1 of the board
local function best_move(vals, shows, legal)
  -- what is read at every move as locals: each read of an upvalue is one more VM instruction
  local words, byte, random, num, dirs, step_at = words, byte, random, NUM, DIRS, STEP_AT
  local use, use_at, near, cols = USE, USE_AT, NEAR, COLS or 0
  local base = 1 - 48 * cols - 48 -- cell index = row byte * cols + column byte + base ("0" is 48)
  local best, bestv = nil, -huge
  -- the tile whose moves are weighed (a tile's moves come together: cur names it, by its first byte
  -- and cur2 its second, or cur by its id), and what depends on it alone (tile_facts)
  local cur, cur2, a, b, double, own, stamp
  for i = 1, #legal do
    local m = legal[i]
    local v
    -- a placement whose numbers are one digit each, read as bytes: " ", the tile's two letters, then
    -- row, column, direction and floor after a space each ("0" is 48, "1" 49)
    local space, t1, t2, _, rb, _, cb, _, db, _, fb = byte(m, 6, 16)
    if space == 32 and #m == 16 then
      if t2 ~= cur2 or t1 ~= cur then
        local at = (t1 - 65) * 26 + t2 - 64 -- bytes_at(t1, t2), inline
        cur, cur2, a, b = t1, t2, FIRST_AT[at], SECOND_AT[at]
        double, own, stamp = tile_facts(shows, a, b)
      end
      if fb ~= 49 then
        v = -UP * 100 * (fb - 49) - own
      elseif vals then
        local i1 = rb * cols + cb + base
        local u = 0
        -- near_use of both cells (i1, then i1 + the direction's step), inline, each remembered
        -- for the tile's other moves (a call per cell cost more than its loop)
        for at = i1, i1 + step_at[db], step_at[db] do
          local n = use[at]
          if use_at[at] ~= stamp then
            n = 0
            local cells = near[at]
            for j = 1, #cells do
              local x = vals[cells[j]]
              if x ~= "" then
                n = n + shows[x]
                if x == a or x == b then n = n - 1 end
              end
            end
            use[at], use_at[at] = n, stamp
          end
          u = u + n
        end
        v = double + 3 * u - own
      else
        v = double - own
      end
    else
      local kind, tile, w3, w4, dir, w6 = words(m)
      if kind ~= "place" then
        v = other_score(shows, m, kind, tile)
      else
        if tile ~= cur then
          cur, a, b = tile, FIRST[tile], SECOND[tile]
          double, own, stamp = tile_facts(shows, a, b)
        end
        local f = num[w6]
        if f ~= 1 then
          v = -UP * 100 * (f - 1) - own
        elseif vals then
          local dd = dirs[dir]
          local i1 = num[w3] * cols + num[w4] + 1
          local i2 = i1 + dd[1] * cols + dd[2]
          local u1 = use_at[i1] == stamp and use[i1] or near_use(vals, shows, i1, a, b)
          local u2 = use_at[i2] == stamp and use[i2] or near_use(vals, shows, i2, a, b)
          v = double + 3 * (u1 + u2) - own
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

-- whether this game's board was checked against the one NEAR lists (at its first decision)
local board_checked = false

function choose(obs, legal)
  -- it climbs where upper floors pay (measured with sim): in solitaire (SI-V2: floor f scores f-1),
  -- when hands are not refilled (SI-V5 draws one per turn, so penalty tiles stay with the next
  -- player), and at 4 players; the same all game, so weighed at the first decision
  if UP == nil then
    local draw = obs.params and obs.params.draw
    UP = (obs.players == 1 or obs.players >= 4 or (draw and draw ~= "refill")) and -1 or 1
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
  local shows = colour_counts(obs)
  return best_move(vals, shows, legal)
end
