local function check(cond, msg) if not cond then error(msg, 0) end end

function setup(g)
  local rows, cols, floors = g:board_size("grid")
  check(rows == 3 and cols == 3 and floors == 2, "board_size")
  check(g:board_place("grid", "AB", 1, {{0, 0, "A"}, {0, 1, "B"}}) == 1, "first piece is 1")
  g:move("AB", "deck", nil, "placed", nil)
  check(g:board_place("grid", "BC", 1, 0, 2, "B", 1, 2, "C") == 2, "second piece is 2 (cells given flat)")
  g:move("BC", "deck", nil, "placed", nil)
  local n, v, id = g:board_at("grid", 1, 0, 1)
  check(n == 1 and v == "B" and id == "AB", "board_at")
  check(g:board_at("grid", 1, 2, 2) == 0, "empty cell")
  check(g:board_in("grid", 2, 2, 2) and not g:board_in("grid", 3, 0, 0), "board_in")
  check(#g:board_neighbours("grid", 1, 1) == 4 and #g:board_neighbours("grid", 0, 0) == 2, "neighbours")
  check(g:board_is_junction("grid", 1, 0, 1, 0, 2) and not g:board_is_junction("grid", 1, 0, 0, 0, 1), "junction")
  check(g:board_is_corner("grid", 2, 0) and not g:board_is_corner("grid", 1, 0), "corner")
  check(g:board_top("grid") == 1 and g:board_count("grid") == 2 and g:board_count("grid", 2) == 0, "top/count")
  local ups = g:board_dominoes("grid", 2)
  check(#ups == 1 and ups[1].r == 0 and ups[1].c == 1 and ups[1].dir == "r" and ups[1].b1 == "B" and ups[1].b2 == "B", "floor-2 junction")
  -- board_covers: the rule (second value on the second value beneath) is asked once per combination
  local asked = 0
  local function rule(_, t1, t2, b1, b2) asked = asked + 1 return t2 == b2 end
  local opts = {attrs = {"a", "b"}, allow = rule, prefix = "x ", suffix = " 2"}
  local cov = g:board_covers("grid", 2, {"AB", "BC", "AB", "CC"}, opts)
  check(#cov == 3 and cov[1] == "x AB 0 1 r 2" and cov[2] == "x BC 0 2 l 2" and cov[3] == cov[1], "board_covers")
  check(asked == 5, "board_covers asks each combination once")
  check(#g:board_covers("grid", 2, {"BC"}, opts) == 1 and asked == 5, "board_covers remembers answers")
  -- board_placements: board_fits' floor-1 moves, then board_covers' on each floor above, in one call
  local ids = {"AB", "BC", "AC", "CC"}
  local twice = {"AB", "BC", "AB", "AC", "CC", "CC"} -- board_placements counts each id once
  local fits = {attrs = {"a", "b"}, match = "one", holes = "isolated", prefix = "x ", suffix = " 1"}
  local ones, twos = g:board_fits("grid", 1, ids, fits), g:board_covers("grid", 2, ids, opts)
  check(#ones > 0 and #twos > 0, "board_placements test has moves on both floors")
  local all, n1 = g:board_placements("grid", twice, {attrs = {"a", "b"}, match = "one", holes = "isolated",
    allow = rule, prefix = "x "})
  check(n1 == #ones and #all == #ones + #twos, "board_placements: floor 1 then floor 2")
  for i, m in ipairs(ones) do check(all[i] == m, "board_placements floor 1: " .. m) end
  for i, m in ipairs(twos) do check(all[n1 + i] == m, "board_placements floor 2: " .. m) end
  local again = g:board_placements("grid", twice, {attrs = {"a", "b"}, match = "one", holes = "isolated",
    allow = rule, prefix = "y "})
  check(#again == #all and again[1] == "y " .. all[1]:sub(3) and again[#again] == "y " .. all[#all]:sub(3),
    "board_placements remembers its moves per prefix")
  local firsts = g:board_placements("grid", ids, {attrs = {"a", "b"}, allow = rule, prefix = "x ", first = true})
  check(#firsts > 0 and firsts[#firsts]:sub(-2) == " 1", "board_placements first: floor 1 only")
  local only_ups = g:board_placements("grid", {"AB"}, {attrs = {"a", "b"}, match = "all", holes = "parity", allow = rule,
    prefix = "x ", first = true})
  check(#only_ups == 1 and only_ups[1] == "x AB 0 1 r 2", "board_placements first: floor 2 when floor 1 has none")
  check(#g:board_placements("grid", {"AB"}, {attrs = {"a", "b"}, match = "all", holes = "parity", prefix = "x "}) == 0,
    "board_placements without allow: floor 1 only")
  local ps = g:board_pieces("grid")
  check(#ps == 2 and ps[2].id == "BC" and ps[2].cells[2][1] == 1 and ps[2].cells[2][3] == "C", "board_pieces")
  ask(g)
end

function ask(g)
  local moves = g:board_fits("grid", 1, g:cards("deck"), {attrs = {"a", "b"}, match = "one", holes = "isolated",
    prefix = "lay ", suffix = " 1"})
  for _, d in ipairs(g:board_dominoes("grid", 2)) do
    moves[#moves + 1] = string.format("up %d %d %s %s%s", d.r, d.c, d.dir, d.b1, d.b2)
  end
  if #moves == 0 then g:finish({0}) return end
  g:ask(0, moves)
end

function on_move(g, seat, move)
  local id, r, c, dir = move:match("^lay (%u%u) (%d) (%d) (%a)")
  if id then
    local dr, dc = 0, 0
    if dir == "r" then dc = 1 elseif dir == "l" then dc = -1 elseif dir == "d" then dr = 1 else dr = -1 end
    local a, b = CARDS[id].a, CARDS[id].b
    g:board_place("grid", id, 1, {{tonumber(r), tonumber(c), a}, {tonumber(r) + dr, tonumber(c) + dc, b}})
    g:move(id, "deck", nil, "placed", nil)
  else
    g:board_clear("grid")
  end
  ask(g)
end
