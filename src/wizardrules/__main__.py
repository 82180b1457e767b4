"""`python -m wizardrules`: the command line."""

import sys

from wizardrules.cli import main

sys.exit(main())
