-- A test bot that changes everything its script left when it loaded, and fails the game when its
-- first decision in a game does not see what the script left: it must start each game (and each seat)
-- with a memory of its own, as loaded.
local seen = {}                  -- a module-level table it fills
local count = 0                  -- a module-level local it counts in
names = {a = 1, list = {10, 20}} -- a global table (a table inside it too)
local alias = names.list         -- the same table under another name
local shared = 0                 -- one variable two closures share
local function bump() shared = shared + 1 end
local function peek() return shared end
-- a key removed at load keeps its place in the order pairs follows when it is set again
local order = {}
order.x = 1
order.y = 2
order.x = nil
local floor = math.floor         -- a library function, shared
local rules_setup = RULES.setup  -- a function of the rules, shared

function choose(obs, legal)
  if count == 0 then
    assert(#seen == 0 and names.a == 1 and shared == 0 and peek() == 0, "memory from another seat or game")
    assert(rules_setup == RULES.setup and floor == math.floor, "a shared function was copied")
    assert(alias == names.list and #alias == 2 and alias[2] == 20, "the list is not as loaded")
    assert(order.x == nil and next(order) == "y", "order is not as loaded")
    order.x = 3
    assert(next(order) == "x", "a removed key lost its place")
  end
  count = count + 1
  seen[#seen + 1] = floor(obs.seat)
  names.a = names.a + 1
  alias[#alias + 1] = count
  bump()
  assert(peek() == count and shared == count, "the closures no longer share their variable")
  assert(#names.list == 2 + count, "the alias lost its table")
  -- its own random numbers choose: stop now and then after its first draw
  if count > 1 and math.random(3) == 1 then return legal[2] end
  return legal[1]
end
