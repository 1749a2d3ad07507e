"""``python -m slitherasp.cli``: SIGTERM taken as Ctrl-C, as by the ``slitherasp`` command."""

import sys

from ..model.stopping import terminate_as_interrupt
from .main import main

terminate_as_interrupt()
sys.exit(main())
