function setup(g)
  if math.random(500) == 1 then error("planted failure") end
  g:ask(0, {"take 1", "take 2"})
end

function on_move(g, seat, move)
  local n = 1
  if move == "take 2" and g:count("deck") >= 2 then n = 2; g:stat(seat, "doubles", 1) end
  for _ = 1, n do g:move_top("deck", nil, "hand", seat) end
  g:add_score(seat, n)
  if g:count("deck") == 0 then
    local best, winners = -1, {}
    for s = 0, g:players() - 1 do
      local c = g:count("hand", s)
      if c > best then best, winners = c, {s} elseif c == best then winners[#winners + 1] = s end
    end
    g:finish(winners)
    return
  end
  g:ask((seat + 1) % g:players(), {"take 1", "take 2"})
end

function stats(g)
  local lo, hi = 99, 0
  for s = 0, g:players() - 1 do
    lo = math.min(lo, g:count("hand", s)); hi = math.max(hi, g:count("hand", s))
  end
  return {game = {long = (hi - lo >= 3) and 1 or 0, spread = hi - lo}}
end
