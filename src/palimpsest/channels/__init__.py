"""Channel wiring used by the facade: each turns storage into scored memory items."""
