"""Governance: the audit chain, retention and (later) consent and encryption."""
