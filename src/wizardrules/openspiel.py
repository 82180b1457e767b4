"""`wizardrules.openspiel`: the OpenSpiel game `python_wizard`, registered on import (extra `openspiel`).

The short name of [`wizardrules.rl.openspiel`][wizardrules.rl.openspiel], where the adapter lives
beside the encodings it uses: importing either gives the very same module.
"""

import sys

from wizardrules.rl import openspiel as _adapter
from wizardrules.rl.openspiel import GAME_NAME, WizardGame, WizardState

__all__ = ["GAME_NAME", "WizardGame", "WizardState"]

sys.modules[__name__] = _adapter
