"""Optional OpenAI-compatible LLM support (DESIGN §5): a small chat client and an LLM summarizer.

Nothing here is needed for palimpsest to work; without a configured endpoint the
deterministic rule summarizer does the job.
"""

from palimpsest.llm.client import ChatClient
from palimpsest.llm.summarizer import LLMSummarizer

__all__ = ["ChatClient", "LLMSummarizer"]
