-- Cats Called Jiji: what `play` shows a person (render), events in words (describe) and why a typed
-- move is not legal (explain). Loaded after the rules (YAML `screen:`); none of these changes the game.
-- The rule cards' printed texts are unknown: `play` labels them as placeholders (DECISION JJ-D2).

local function list(z)
  if z == nil then return "-" end
  if z.cards == nil then return z.count > 0 and (z.count .. " face down") or "-" end
  if #z.cards == 0 then return "-" end
  return table.concat(z.cards, " ")
end

local function rule_text(obs, r) return (obs.params.rule_texts or {})[r] or "?" end

-- how many pairs a hand holds (copies of an id lie next to each other: hands are sorted)
local function pairs_in(cards)
  local n = 0
  for i = 2, #cards do if cards[i] == cards[i - 1] then n = n + 1 end end
  return n
end

-- why the seat is asked, from the moves it is offered
local function why(obs, legal)
  local z, v, me = obs.zones, obs.vars, obs.seat
  local verb = words(legal[1])
  local hand = z.hand[me + 1].cards
  if verb == "keep" then
    if #legal > 1 then
      return string.format("you hold %d pairs: show your hand and demand a redeal, or keep (JJ-5)", pairs_in(hand))
    end
    return "a redeal needs 3 pairs; you can only keep the deal (JJ-5)"
  elseif verb == "rule" then
    return "you are the start player: choose the shared rule card, public to all (JJ-6)"
  elseif verb == "jiji" then
    return "choose your Lost Jiji: a card of your hand laid face down, seen only by you (JJ-7)"
  elseif verb == "draw" then
    local left = (me + 1) % obs.players
    return string.format("draw blind from seat %d's %d cards, shuffled: pick a position 0..%d (JJ-9)",
      left, #legal, #legal - 1)
  elseif verb == "share" then
    if legal[1] == "share none" then return "no card of your hand fits the shared rule: share none (JJ-11)" end
    return string.format("share one card that fits rule %s with your Lost Jiji (JJ-11, JJ-12)", tostring(v.rule))
  end
  local pts = obs.params.points
  local next = z.discovery.cards[1]
  return string.format("guess a hidden Lost Jiji (right: +%d, wrong: %d) or noguess (JJ-13, JJ-15)",
    next and pts[next] or pts.none, obs.params.wrong_guess)
end

-- what `play` shows a human seat: obs (its observation) and legal (its moves) in words;
-- returns the text (hook)
function render(obs, legal)
  local z, v, me = obs.zones, obs.vars, obs.seat
  local out = {}
  local function line(s) out[#out + 1] = s end
  line(string.format("Cats Called Jiji: you are seat %d; start player %s", me, tostring(v.start)))
  if v.rule then
    line(string.format("Shared rule %s [PLACEHOLDER: the printed text is unknown; DECISION JJ-D2 reads it as] %s",
      v.rule, rule_text(obs, v.rule)))
  else
    line("Shared rule cards (PLACEHOLDERS: the printed texts are unknown; DECISION JJ-D2 reads them as):")
    for _, r in ipairs({"A", "B", "C"}) do line(string.format("  rule %s: %s", r, rule_text(obs, r))) end
  end
  line("Discovery cards on the table: " .. list(z.discovery) .. "   redeals so far: " .. tostring(v.redeals))
  for s = 0, obs.players - 1 do
    local i = s + 1
    local jiji
    if z.found[i].count > 0 then
      jiji = "discovered " .. list(z.found[i])
    elseif z.jiji[i].cards and z.jiji[i].cards[1] then
      jiji = z.jiji[i].cards[1] .. " (hidden from the others)"
    else
      jiji = z.jiji[i].count > 0 and "face down" or "-"
    end
    local hand = z.hand[i].count .. " cards"
    if z.hand[i].cards and z.hand[i].count > 0 then hand = hand .. ": " .. list(z.hand[i]) end
    line(string.format("seat %d%s: score %d | hand %s | Lost Jiji %s", s, s == me and " (you)" or "",
      obs.scores[i], hand, jiji))
    line(string.format("    pairs %s | shared %s | discovery cards %s", list(z.pairs[i]), list(z.shared[i]), list(z.taken[i])))
  end
  if z.extra.count > 0 then
    line("extra Lost Jiji: face down (nobody knows it)")
  elseif z.extra_found.count > 0 then
    line("extra Lost Jiji: discovered " .. list(z.extra_found))
  end
  if legal and legal[1] then line(why(obs, legal)) end
  return table.concat(out, "\n") .. "\n"
end

local function who(s, seat) return s == seat and "you" or ("seat " .. tostring(s)) end

-- event `e` in words for seat `seat` (draws, pairs, shares, guesses...); returns a line, or nil
-- for the engine's wording (hook)
function describe(e, seat)
  local t = e.type
  if t == "drew" then
    return string.format("you drew %s from seat %d", e.card, e.from)
  elseif t == "lost" then
    return string.format("seat %d drew your %s", e.to, e.card)
  elseif t == "pair" then
    return string.format("%s paired %s%s", who(e.seat, seat), e.card, e.with_shared and " with a shared card" or "")
  elseif t == "discovered" then
    local whose = e.target == "extra" and "the extra Lost Jiji" or ("seat " .. e.target .. "'s Lost Jiji")
    local with = e.discovery == "none" and "both discovery cards are gone" or ("with the " .. e.discovery .. " discovery card")
    return string.format("%s discovered %s: %s (+%d: a right guess, %s, JJ-15)", who(e.seat, seat), whose, e.card,
      e.points, with)
  elseif t == "wrong" then
    local whose = e.target == "extra" and "the extra Lost Jiji" or ("seat " .. e.target .. "'s Lost Jiji")
    return string.format("%s guessed %s wrong (%d: a wrong guess, JJ-15)", who(e.seat, seat), whose, e.points)
  elseif t == "redeal" then
    return string.format("%s showed %s and demanded a redeal", who(e.seat, seat), table.concat(e.hand, " "))
  elseif t == "end" then
    local why = {end_a = "a hand to draw from is empty (end A)", all_discovered = "every Lost Jiji is discovered",
      cards_gone = "both discovery cards are taken", stalled = "nothing happened for too long (stalled)"}
    local s = "the game ends: " .. (why[e.reason] or e.reason)
    if e.bonus then -- option hidden_bonus: the seats whose Lost Jiji stayed hidden
      local b = {}
      for i, x in ipairs(e.bonus) do b[i] = who(x, seat) end
      s = s .. string.format("; %+d to %s, whose Lost Jiji stayed hidden (JJ-15)", e.bonus_points, table.concat(b, ", "))
    end
    return s
  end
  return nil
end

-- why `move` of `seat` is not legal now (read-only): returns the reason, or nil (hook)
function explain(g, seat, move)
  local verb, a, b = words(move)
  local phase = g:get("phase")
  if verb == "draw" and phase == "draw" then
    return string.format("seat %d holds %d cards: draw 0..%d", (seat + 1) % g:players(),
      g:count("hand", (seat + 1) % g:players()), g:count("hand", (seat + 1) % g:players()) - 1)
  elseif (verb == "share" or verb == "jiji") and a and a ~= "none" then
    if not g:is_card(a) then return "there is no card " .. a end
    if not g:has("hand", seat, a) then return "you do not hold " .. a end
    if verb == "share" and phase == "share" then
      return string.format("%s does not fit shared rule %s with your Lost Jiji (JJ-12)", a, g:get("rule"))
    end
  elseif verb == "guess" and phase == "guess" then
    if b and not g:is_card(b) then return "there is no card " .. b end
    if a == tostring(seat) then return "you cannot guess your own Lost Jiji (JJ-13)" end
    return "guess a seat whose Lost Jiji is still hidden (or extra at 3 players) and a Jiji card (JJ-13)"
  elseif verb == "redeal" and phase == "redeal" then
    return "a redeal needs 3 pairs in your hand, at 4 or 5 players (JJ-5)"
  end
  return nil
end
