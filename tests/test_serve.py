"""``slitherasp serve`` as a user starts it: which addresses it warns about, and that a
client too slow to send its request (half a body, half the headers, nothing) is cut off
instead of holding its socket for as long as it likes.

The bounds on time here only tell a server that closes such connections from one that
never does (no wall-clock time is asserted)."""

from __future__ import annotations

import select
import socket
import time

import pytest

pytest.importorskip("starlette")
uvicorn = pytest.importorskip("uvicorn")

from test_web_limits import SMALL, Server, _answer, _head  # noqa: E402

from slitherasp.cli.main import main  # noqa: E402

BOUND = 40
"""Seconds within which every too-slow client must be cut off: generous beside the
server's 10 (``serve.REQUEST_TIME``), where before none was after 40 s."""


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


def _send_part(server: Server, kind: str) -> socket.socket:
    """A connection that sends part of a request and then nothing more."""
    sock = server.connect()
    head = _head("/api/solve", f"127.0.0.1:{server.port}", len(SMALL), {"Content-Type": "application/json"})
    part = {"half a body": head + SMALL[:5], "half the headers": head[:30], "nothing": b""}[kind]
    if part:
        sock.sendall(part)
    return sock


def _closed_within(socks: list[socket.socket], seconds: float) -> int:
    """How many of the sockets the server closed within ``seconds``."""
    open_ = set(socks)
    end = time.monotonic() + seconds
    while open_ and time.monotonic() < end:
        ready, _, _ = select.select(list(open_), [], [], 0.5)
        for sock in ready:
            try:
                data = sock.recv(65536)
            except OSError:
                data = b""
            if not data:
                open_.discard(sock)
    return len(socks) - len(open_)


def test_clients_too_slow_to_send_a_request_are_cut_off() -> None:
    server = Server("--workers", "1")
    kinds = ["half a body", "half the headers", "nothing"]
    socks = [_send_part(server, kinds[i % 3]) for i in range(60)]
    try:
        # a request that arrives whole, if slowly, is answered meanwhile
        steady = server.connect()
        head = _head("/api/solve", f"127.0.0.1:{server.port}", len(SMALL), {"Content-Type": "application/json"})
        steady.sendall(head + SMALL[:5])
        time.sleep(1)
        steady.sendall(SMALL[5:])
        assert _answer(steady)[0] == 200
        assert _closed_within(socks, BOUND) == len(socks)
        assert server.request()[0] == 200  # and the server still serves
    finally:
        for sock in socks:
            sock.close()
        server.stop()
