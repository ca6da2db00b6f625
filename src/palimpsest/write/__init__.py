"""The guarded write path: extraction (rules, optional LLM), time resolution, validation,
the immune system and write policy (seed 002 §2–§3, seed 003 §3.3, §5.3, §6.2)."""
