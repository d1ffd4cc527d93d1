// Package suggest finds the name a user most likely meant when they typed one that does not exist, so
// that every "unknown X" message in ruleslab can end with "did you mean Y?" the same way.
package suggest
