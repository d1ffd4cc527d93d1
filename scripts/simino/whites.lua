-- SI-V3 with whites: on floors >= 2 any colour may cover a white half; a white-white junction takes
-- only doubles (any double); a tile of two colours may not cover white-white.
function can_cover(g, t1, t2, b1, b2)
  if b1 == "W" and b2 == "W" then return t1 == t2 end
  return (t1 == b1 or b1 == "W") and (t2 == b2 or b2 == "W")
end

-- rules.lua calls this for an upper-floor placement whose halves are not the colours beneath: a white half covered by another colour, or a double on white-white
function off_colour(g, t1, t2, b1, b2)
  g:rule("SI-V3")
end
