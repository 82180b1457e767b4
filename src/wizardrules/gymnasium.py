"""`wizardrules.gymnasium`: the Gymnasium environment `wizardrules/Wizard-v0`, registered on import (extra `gymnasium`).

The short name of [`wizardrules.rl.gymnasium`][wizardrules.rl.gymnasium], where the adapter lives
beside the encodings it uses: importing either gives the very same module.
"""

import sys

from wizardrules.rl import gymnasium as _adapter
from wizardrules.rl.gymnasium import ENV_ID, WizardEnv

__all__ = ["ENV_ID", "WizardEnv"]

sys.modules[__name__] = _adapter
