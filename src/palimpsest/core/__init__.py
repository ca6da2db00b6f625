"""Pure decisions with no I/O: temporal rules, identifiers, predicates, ranking."""
