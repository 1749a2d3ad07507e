"""``--encoding NAME`` and ``--with OPTION``: the single-loop model a solve uses and the
options it adds (:mod:`slitherasp.kinds.encodings`), for ``solve``, ``count``,
``batch`` and ``sloop``.

>>> import argparse
>>> p = argparse.ArgumentParser()
>>> encoding_args(p)
>>> encoding_of(p.parse_args(["--encoding", "Distance", "--with", "parity", "--with", "cuts"]))
'distance+cuts+parity'
"""

from __future__ import annotations

import argparse

from .typed import lowered


def encoding_args(p: argparse.ArgumentParser) -> None:
    """``--encoding NAME`` (the single-loop model) and ``--with OPTION`` (repeated);
    :func:`encoding_of` joins them."""
    from ..kinds.encodings import CHOICES, OPTIONS
    from ..kinds.facts import DEFAULT_ENCODING

    p.add_argument("--encoding", default=DEFAULT_ENCODING, choices=CHOICES, type=lowered, metavar="NAME",
                   help=f"the single-loop model: {', '.join(CHOICES)} (default: %(default)s: colour where the cells "
                   "are the faces of a disc, else reach); docs/manual/models.md compares them")
    p.add_argument("--with", dest="options", action="append", choices=tuple(OPTIONS), type=lowered, metavar="OPTION",
                   help=f"add constraints every loop meets, to any model: {', '.join(OPTIONS)} (repeatable)")


def encoding_of(args: argparse.Namespace) -> str:
    """The model and options of ``--encoding`` and ``--with`` as one string
    (``"distance+cuts"``), what the solver takes."""
    from ..kinds.encodings import with_options

    return with_options(args.encoding, getattr(args, "options", None))
