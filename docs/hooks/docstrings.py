"""A Griffe extension for the API reference (``mkdocs.yml``: mkdocstrings' extensions):
the docstrings are written for ``help()`` and doctest, in plain text with reST roles;
this makes them Markdown. A doctest (lines from ``>>>`` to the next blank line)
becomes a ``pycon`` code block, and ``:class:`~a.b.C``` a code span ``C``."""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:py:)?(?:class|func|meth|mod|attr|data|exc|obj|const):`(~?)([^`]+)`")


def markdown(text: str) -> str:
    """``text`` with its doctests fenced and its roles made code spans."""
    text = ROLE.sub(lambda m: f"`{m.group(2).rsplit('.', 1)[-1] if m.group(1) else m.group(2)}`", text)
    out: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if lines[i].lstrip().startswith(">>>"):
            indent = lines[i][: len(lines[i]) - len(lines[i].lstrip())]
            out.append(f"{indent}```pycon")
            while i < len(lines) and lines[i].strip():
                out.append(lines[i])
                i += 1
            out.append(f"{indent}```")
        else:
            out.append(lines[i])
            i += 1
    return "\n".join(out)


class Docstrings(griffe.Extension):
    """Make every docstring Markdown as it is loaded."""

    def on_instance(self, *, node: Any, obj: griffe.Object, agent: Any, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown(obj.docstring.value)
