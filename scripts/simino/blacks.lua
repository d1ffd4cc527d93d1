-- SI-V4 with blacks: on floors >= 2 a black half may cover any colour; the black double covers only
-- a junction of two equal colours; a WK tile may not cover a white-white junction.
function can_cover(g, t1, t2, b1, b2)
  if t1 == "K" and t2 == "K" then return b1 == b2 end
  if b1 == "W" and b2 == "W" and ((t1 == "W" and t2 == "K") or (t1 == "K" and t2 == "W")) then return false end
  return (t1 == b1 or t1 == "K") and (t2 == b2 or t2 == "K")
end

-- rules.lua calls this for an upper-floor placement whose halves are not the colours beneath: a black half covering another colour, or the black double on two equal colours
function off_colour(g, t1, t2, b1, b2)
  g:rule("SI-V4")
end
