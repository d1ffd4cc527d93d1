-- JJ-12 / DECISION JJ-D2, distance reading (variants/jiji/rule-cards-distance.yaml): replaces the
-- share_allowed hook of rules.lua; everything else (legal shares, the public rule table the bots read)
-- follows from it. Returns true when `card` may be shared under `rule` by a player whose Lost Jiji
-- is `jiji`.
function share_allowed(card, jiji, rule)
  local c, j = CARDS[card], CARDS[jiji]
  if rule == "A" then return math.abs(c.number - j.number) <= 1 end
  if rule == "B" then return math.abs(c.number - j.number) <= 2 end
  if rule == "C" then return c.colour == j.colour and c.number % 2 == j.number % 2 end
  return base.share_allowed(card, jiji, rule)
end
