"""The words written on the pictures, in English and German (R1.3): the package's shared words."""

from __future__ import annotations

from wizardrules._words import round_of, say

__all__ = ["round_of", "say"]
