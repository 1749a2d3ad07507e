"""``slitherasp serve`` as a user starts it: which addresses it warns about."""

from __future__ import annotations

import socket

import pytest

pytest.importorskip("starlette")
uvicorn = pytest.importorskip("uvicorn")

from slitherasp.cli.main import main  # noqa: E402


def _free_port(host: str) -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("host", ["127.0.0.2", "127.1.2.3", "localhost"])
def test_a_loopback_address_is_not_said_to_be_reachable(host: str, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    import slitherasp.web.app

    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)
    monkeypatch.setattr(slitherasp.web.app, "create_app", lambda **kw: None)  # no worker processes
    assert main(["serve", "--host", host, "--port", str(_free_port("127.0.0.1")), "--no-open"]) == 0
    err = capsys.readouterr().err
    assert "serving http://" in err and "other machines" not in err
