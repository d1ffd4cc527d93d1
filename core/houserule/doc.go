// Package houserule writes the starting folder of a new house rule (`ruleslab new DIR --from GAME`): a
// YAML overlay that extends the game with every declared parameter written out but commented, with its
// allowed values, rule id and description; a Lua override file with every function a house rule may
// replace, commented, with its signature and what it decides; and an example scenario. A designer
// uncomments what they change: the untouched folder validates and plays exactly the game it extends.
package houserule
