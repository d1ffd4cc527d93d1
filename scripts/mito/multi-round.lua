-- Mito, several rounds (MI-V1, MI-V2): replaces the base game's end_round and extends its stats.

-- MI-V1: penalty points for the cards left in hand; MI-V2: next Keeper to the left, n rounds in all
-- (`winners`, the seats that went out or hold the fewest cards, do not matter here)
function end_round(g, winners)
  local n = g:players()
  local round = g:get("round")
  local scores = penalties(g)
  g:rule("MI-V1")
  for seat = 0, n - 1 do g:add_score(seat, scores[seat + 1]) end
  g:round_end(round, scores)
  g:add("rounds", 1, "hidden")
  if round >= n then
    local low
    for seat = 0, n - 1 do
      if low == nil or g:score(seat) < low then low = g:score(seat) end
    end
    local best = {}
    for seat = 0, n - 1 do if g:score(seat) == low then best[#best + 1] = seat end end
    g:finish(best)
    return
  end
  g:set("round", round + 1)
  g:rule("MI-V2")
  start_round(g, (g:get("first_keeper") + round) % n)
end

-- sim: mean penalty points per round, per seat
function stats(g)
  local t = base.stats(g)
  local rounds = g:get("rounds") or 1
  local per = {}
  for seat = 0, g:players() - 1 do per[seat + 1] = g:score(seat) / rounds end
  t.seat = {penalty_per_round = per}
  return t
end

-- for ismcts horizon=: the lowest total wins (MI-V2), so a seat stands by minus its total and the
-- penalty points its hand would score now
function evaluate(g)
  local pen, v = penalties(g), {}
  for seat = 0, g:players() - 1 do v[seat + 1] = -(g:score(seat) + pen[seat + 1]) end
  return v
end
