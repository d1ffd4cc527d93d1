-- Mito: what `play` shows a person (render), events in words (describe) and why a typed move is not
-- legal (explain). Loaded after the rules (YAML `screen:`); none of these changes the game.

local KIND = {gray = "gray", mosquito = "Mosquito", cockroach = "Cockroach", spider = "Spider",
  ant = "Ant", mito = "Mito"}

-- a hand another seat may see only as "has cards" (DECISION MI-D7: no `count` then)
local function size(z)
  if z.count ~= nil then return z.count .. " cards" end
  return z.has_cards and "has cards" or "empty"
end

local function card(id) return string.format("%s (%s %d)", id, KIND[CARDS[id].kind], CARDS[id].value) end

-- why the seat is asked, from the moves it is offered and the public values
local function why(obs, legal)
  local v, me = obs.vars, obs.seat
  local verb, id, _, to = words(legal[1])
  if verb == "accuse" then
    local sig = v.signal and "SUSPICIOUS" or "nothing suspicious"
    return string.format("you are the Bug Keeper; your private signal about seat %d's turn: %s (MI-15)." ..
      " Accuse seat %d or pass (MI-14)", v.turn, sig, v.turn)
  elseif verb == "throw" then
    return "a Cockroach was played: throw your card of its value to take the next turn, or pass (MI-10)"
  elseif verb == "give" and v.phase == "mosquito" then
    return string.format("Mosquito: seat %s was the slowest; give it one card, not a Mito (MI-9)", to)
  elseif verb == "give" and v.phase == "spider" then
    return "your Spider: give one card (not a Mito) to a player of your choice (MI-11)"
  elseif verb == "give" then
    return string.format("you caught seat %s cheating: give it one card (not a Mito) and the Keeper card (MI-14)", to)
  end
  local top = obs.zones.discard.cards[#obs.zones.discard.cards]
  local t = CARDS[top].value
  local m = obs.params.max_value
  local lo, hi = (t - 2) % m + 1, t % m + 1
  local s = string.format("your turn: play a %d or a %d on the %s", lo, hi, top)
  if me ~= v.keeper then s = s .. " (Mitos only for the Keeper)" end
  if v.cheated then return s .. ", or draw; you have cheated this turn (MI-5, MI-6)" end
  if me ~= v.keeper then return s .. ", or draw; you may first cheat a card away (MI-5, MI-6, MI-13)" end
  return s .. ", or draw (MI-5, MI-6)"
end

-- what `play` shows a human seat: obs (its observation) and legal (its moves) in words;
-- returns the text (hook)
function render(obs, legal)
  local z, v, me = obs.zones, obs.vars, obs.seat
  local out = {}
  local function line(s) out[#out + 1] = s end
  line(string.format("Mito, round %s: you are seat %d; Bug Keeper: seat %s", tostring(v.round), me, tostring(v.keeper)))
  local top = z.discard.cards[#z.discard.cards]
  line(string.format("discard pile: %s on top   draw deck: %d cards", top and card(top) or "-", z.deck.count))
  for s = 0, obs.players - 1 do
    local tags = ""
    if s == v.keeper then tags = tags .. ", Bug Keeper" end
    if s == v.turn then tags = tags .. ", on turn" end
    if s == me then
      line(string.format("  seat %d (you%s): %s", s, tags, table.concat(z.hand[s + 1].cards, " ")))
    else
      line(string.format("  seat %d%s: %s", s, tags ~= "" and " (" .. tags:sub(3) .. ")" or "", size(z.hand[s + 1])))
    end
  end
  local box = z.box[me + 1].cards
  if #box > 0 then line("your box (cheated away): " .. table.concat(box, " ")) end
  line("penalty points: " .. table.concat(obs.scores, " "))
  if legal and legal[1] then line(why(obs, legal)) end
  return table.concat(out, "\n") .. "\n"
end

local function who(s, seat) return s == seat and "you" or ("seat " .. tostring(s)) end

-- event `e` in words for seat `seat` (signals, accusations, gifts, Cockroach throws...); returns
-- a line, or nil for the engine's wording (hook)
function describe(e, seat)
  local t = e.type
  if t == "round_start" then
    return string.format("round %d starts: seat %d is the Bug Keeper; the pile starts with %s", e.round, e.keeper, e.card)
  elseif t == "signal" then
    return string.format("your signal about seat %d's turn: %s", e.seat, e.suspicious and "SUSPICIOUS" or "nothing seen")
  elseif t == "accusation" then
    return string.format("seat %d is accused: %s", e.seat, e.guilty and "caught cheating" or "innocent; the Keeper draws")
  elseif t == "gift" then
    return string.format("%s gives %s a card", who(e.seat, seat), who(e.to, seat))
  elseif t == "received" then
    return string.format("you received %s from seat %d", e.card, e.from)
  elseif t == "mosquito" then
    return string.format("Mosquito: %s slapped last", who(e.seat, seat))
  elseif t == "cockroach" then
    if e.throwers == 0 then return "Cockroach: nobody throws" end
    return string.format("Cockroach: %s threw %s first and takes the next turn", who(e.seat, seat), e.card)
  elseif t == "reshuffle" then
    return "the discard pile is shuffled into a new draw deck"
  elseif t == "no_card" then
    return string.format("%s cannot draw: nothing left", who(e.seat, seat))
  elseif t == "keeper" then
    return string.format("%s %s the new Bug Keeper", who(e.seat, seat), e.seat == seat and "are" or "is")
  elseif t == "out" then
    return string.format("%s played the last card", who(e.seat, seat))
  elseif t == "blocked" then
    return "nobody can play or draw: the fewest cards win"
  elseif t == "round_end" then
    local parts = {}
    for i, n in ipairs(e.scores) do parts[i] = string.format("%s %d", who(i - 1, seat), n) end
    return string.format("round %d ends; penalty points of the cards left in hand (MI-V1; none for" ..
      " whoever went out, MI-16): %s", e.round, table.concat(parts, ", "))
  end
  return nil
end

-- why `move` of `seat` is not legal now (read-only): returns the reason, or nil (hook)
function explain(g, seat, move)
  local verb, id = words(move)
  local phase, keeper = g:get("phase"), g:get("keeper")
  if (verb == "play" or verb == "cheat" or verb == "give" or verb == "throw") and id then
    if not g:is_card(id) then return "there is no card " .. id end
    if not g:has("hand", seat, id) then return "you do not hold " .. id end
  end
  if phase == "turn" and verb == "play" then
    if CARDS[id].kind == "mito" and seat ~= keeper then return "only the Bug Keeper may play a Mito (MI-7)" end
    local top = g:top("discard")
    local m = g:param("max_value")
    local d = (CARDS[id].value - CARDS[top].value) % m
    if d ~= 1 and d ~= m - 1 then
      return string.format("%s has value %d; the pile shows %s (value %d): play one above or below (MI-5)",
        id, CARDS[id].value, top, CARDS[top].value)
    end
  elseif phase == "turn" and verb == "cheat" then
    if seat == keeper then return "the Bug Keeper never cheats (MI-13)" end
    if g:count("hand", seat) < 2 then return "your last card cannot be cheated away (MI-8)" end
    return "one cheat a turn, before you play or draw (MI-15)"
  elseif phase == "turn" and verb == "draw" then
    return "there is nothing to draw: play a card (MI-6)"
  elseif verb == "give" and id then
    if CARDS[id].kind == "mito" then return "a Mito is never given away (MI-7)" end
    if g:count("hand", seat) < 2 then return "your last card is never given away (MI-8)" end
  elseif verb == "accuse" or (verb == "pass" and phase ~= "cockroach") then
    return "only the Bug Keeper answers the signal, after another player's turn (MI-14, MI-15)"
  end
  return nil
end
