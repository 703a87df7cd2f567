"""Guards every game inherits by registering: non-interference of hidden identities, a fuzzer
of bad answers for every prompt kind, and the bounded-order policy (bot/rules/core/bounds)."""
