"""`python -m backend.cli ...`: the `kernelscope` command without an installed script."""

import sys

from backend.cli import main

sys.exit(main())
