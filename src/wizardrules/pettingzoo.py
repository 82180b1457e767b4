"""`wizardrules.pettingzoo`: PettingZoo's AEC environment (extra `pettingzoo`).

The short name of [`wizardrules.rl.pettingzoo`][wizardrules.rl.pettingzoo], where the adapter lives
beside the encodings it uses: importing either gives the very same module.
"""

import sys

from wizardrules.rl import pettingzoo as _adapter
from wizardrules.rl.pettingzoo import Backend, WizardEnv, env, raw_env

__all__ = ["Backend", "WizardEnv", "env", "raw_env"]

sys.modules[__name__] = _adapter
