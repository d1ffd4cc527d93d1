function render(obs) return "nested.value=" .. tostring(obs.params.nested.value) end
