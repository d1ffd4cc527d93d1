-- Simino: what `play` shows a person under the box (render: hands, scores, why the decision is asked),
-- events in words (describe) and why a typed placement is not legal (explain). Loaded after the rules
-- (YAML `screen:`); none of these changes the game. `play` draws the box itself, seen from above.

local BOARD = "main"
local DIRS = {r = {0, 1}, l = {0, -1}, d = {1, 0}, u = {-1, 0}}

-- why the seat is asked, from the moves it is offered and the public values
local function why(obs, legal)
  local v = obs.vars
  local verb = words(legal[1])
  if verb == "pay" then
    local n = ({"one tile", "two tiles", "three tiles"})[v.owe] or (v.owe .. " tiles")
    return string.format("you owe seat %d %s: the reserve is empty; pay from your hand (SI-16)", v.owe_to, n)
  elseif verb == "pass" then
    return "no tile of your hand can be placed: pass, drawing nothing (SI-11)"
  end
  local s = "place a tile beside a half of its colour (SI-8)"
  if v.corners_open then s = s .. ", in a free corner if both colours are new (SI-7)" end
  return s .. " or across two tiles above (SI-12)"
end

-- what `play` shows a human seat: obs (its observation) and legal (its moves) in words;
-- returns the text (hook)
function render(obs, legal)
  local z, v, me = obs.zones, obs.vars, obs.seat
  local out = {}
  local function line(s) out[#out + 1] = s end
  local rounds = obs.params.game.rounds
  line(string.format("Simino, round %s of %s: you are seat %d; turn: seat %s", tostring(v.round), tostring(rounds),
    me, tostring(v.turn)))
  line("your hand: " .. (#z.hand[me + 1].cards > 0 and table.concat(z.hand[me + 1].cards, " ") or "-") ..
    "   reserve: " .. z.reserve.count .. " tiles")
  local seats = {}
  for s = 0, obs.players - 1 do
    local out_ = obs.seat_vars[s + 1].out and ", out" or ""
    seats[#seats + 1] = string.format("seat %d%s: %d tiles, %d points%s", s, s == me and " (you)" or "",
      z.hand[s + 1].count, obs.scores[s + 1], out_)
  end
  line(table.concat(seats, " | "))
  if legal and legal[1] then line(why(obs, legal)) end
  return table.concat(out, "\n") .. "\n"
end

local function who(s, seat) return s == seat and "you" or ("seat " .. tostring(s)) end

-- event `e` in words for seat `seat` (draws, penalties, passes, going out...); returns a line, or nil
-- for the engine's wording (hook)
function describe(e, seat)
  local t = e.type
  if t == "draw" then
    return string.format("%s drew %d tile%s", who(e.seat, seat), e.count, e.count == 1 and "" or "s")
  elseif t == "penalty" then
    return string.format("penalty: %s must take %d tile%s; %d came from the reserve", who(e.seat, seat), e.tiles,
      e.tiles == 1 and "" or "s", e.from_reserve)
  elseif t == "out" then
    return string.format("%s went out (place %d, +%d points: the tiles the players still in hold, SI-18)",
      who(e.seat, seat), e.place, e.points)
  elseif t == "pass" then
    return string.format("%s passed", who(e.seat, seat))
  elseif t == "blocked" then
    return "nobody can place: the round ends (SI-19)"
  elseif t == "round_end" and #e.scores == 1 then
    return string.format("the game ends: %d points (a floor-f tile f-1, each tile left -1, all placed +5, SI-V2)",
      e.scores[1])
  elseif t == "round_end" then
    local parts = {}
    for i, n in ipairs(e.scores) do parts[i] = string.format("%s +%d", who(i - 1, seat), n) end
    return string.format("round %d ends: %s (points for going out, SI-18)", e.round, table.concat(parts, ", "))
  end
  return nil
end

-- why `move` of `seat` is not legal now (read-only): returns the reason, or nil (hook)
function explain(g, seat, move)
  local verb, tile, r, c, dir, f = words(move)
  if verb == "pay" and tile then
    if not g:has("hand", seat, tile) then return "you do not hold " .. tile end
    return nil
  end
  if verb ~= "place" then return nil end
  if not (tile and g:is_card(tile)) then return "name a tile you hold: place TILE ROW COL DIR [FLOOR]" end
  if not g:has("hand", seat, tile) then return "you do not hold " .. tile end
  r, c, f = tonumber(r), tonumber(c), tonumber(f or "1")
  local d = DIRS[dir or ""]
  if not (r and c and d and f) then return "write place TILE ROW COL DIR [FLOOR], DIR one of r l d u" end
  local r2, c2 = r + d[1], c + d[2]
  if not (g:board_in(BOARD, f, r, c) and g:board_in(BOARD, f, r2, c2)) then return "that is off the box" end
  if g:board_at(BOARD, f, r, c) ~= 0 or g:board_at(BOARD, f, r2, c2) ~= 0 then
    return string.format("a cell is already covered on floor %d", f)
  end
  if f > 1 then
    if not g:board_is_junction(BOARD, f - 1, r, c, r2, c2) then
      return string.format("on floor %d a tile lies across two different tiles of floor %d (SI-12)", f, f - 1)
    end
    local _, b1 = g:board_at(BOARD, f - 1, r, c)
    local _, b2 = g:board_at(BOARD, f - 1, r2, c2)
    return string.format("its halves %s, %s may not cover %s, %s (SI-12)", tile:sub(1, 1), tile:sub(2, 2), b1, b2)
  end
  for _, cell in ipairs({{r, c, tile:sub(1, 1)}, {r2, c2, tile:sub(2, 2)}}) do
    for _, n in ipairs(g:board_neighbours(BOARD, cell[1], cell[2])) do
      local _, val = g:board_at(BOARD, 1, n[1], n[2])
      if val == cell[3] then
        return "it would leave a hole no tile can fill, or not match its other neighbours (SI-10, SI-D2)"
      end
    end
  end
  return "on floor 1 a tile lies next to a half of its colour, or in a free corner with two new colours (SI-6..SI-8)"
end
