-- PARAMS (every param, read-only) is there at load: a script reads a param once into a local
local AT_LOAD = PARAMS.nested.value

function render(obs) return "nested.value=" .. tostring(obs.params.nested.value) .. ", at load " .. AT_LOAD end
