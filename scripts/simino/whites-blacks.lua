-- SI-V5 with whites and blacks: white is covered by every colour but black, black covers every colour
-- but white, and one placement may not use the white and the black property together. Every
-- prohibition of SI-V3 and SI-V4 holds too.
function can_cover(g, t1, t2, b1, b2)
  if t1 == "K" and t2 == "K" and b1 ~= b2 then return false end -- SI-V4
  if b1 == "W" and b2 == "W" then
    if t1 ~= t2 then return false end -- SI-V3 (this also forbids WK on white-white, SI-V4)
  end
  local white, black = false, false
  for i = 1, 2 do
    local t, b = t1, b1
    if i == 2 then t, b = t2, b2 end
    if t ~= b then
      if b == "W" and t ~= "K" then
        white = true
      elseif t == "K" and b ~= "W" then
        black = true
      else
        return false
      end
    end
  end
  return not (white and black)
end

-- rules.lua calls this for an upper-floor placement whose halves are not the colours beneath
function off_colour(g, t1, t2, b1, b2)
  g:rule("SI-V5")
end
