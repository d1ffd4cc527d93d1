function render(obs, legal) return "" end
