"""The ``slitherasp`` command line (:mod:`.main`); nothing else imports it."""

from .main import main

__all__ = ["main"]
