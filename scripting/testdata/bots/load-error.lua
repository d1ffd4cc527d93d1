-- A test bot whose script fails while it loads.
local t = nil
local n = t.missing

function choose(obs, legal)
  return legal[1]
end
