function choose(obs, legal) return legal[1] end
