"""The server as ``slitherasp serve`` runs it, driven by raw HTTP requests on the
loopback: only its user can drive it (host names, JSON bodies, same-site pages), no body
is read past its limit, work in flight is bounded (503 with ``Retry-After``), the time
limit ends work that cannot stop, and SIGTERM or a killed server leaves no worker behind.

Time-outs here only tell a server that answers from one that does not (no wall-clock
time is asserted)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import interruptible

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

SMALL = json.dumps({"puzzle": "1 1\n4\n"}).encode()
SLOW = json.dumps({"puzzle": "https://puzz.link/p?slither/40/40/"}).encode()
"""A hint on a clue-less 40x40: seconds of work, more than the tests' time limit."""


class Server:
    def __init__(self, *options: str) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.proc = subprocess.Popen([sys.executable, "-m", "slitherasp.cli", "serve", "--no-open",
                                      "--port", str(self.port), *options],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                     preexec_fn=interruptible)
        end = time.monotonic() + 30
        while time.monotonic() < end:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("the server did not start")

    def connect(self) -> socket.socket:
        return socket.create_connection(("127.0.0.1", self.port), timeout=60)

    def request(self, body: bytes = SMALL, *, path: str = "/api/solve", host: str | None = None,
                headers: dict[str, str] | None = None, length: int | None = None) -> tuple[int, dict, str]:
        """One raw request; the status, the headers and the body of its answer."""
        sock = self.connect()
        with sock:
            sock.sendall(_head(path, host or f"127.0.0.1:{self.port}", len(body) if length is None else length,
                               {"Content-Type": "application/json", **(headers or {})}) + body)
            return _answer(sock)

    def workers(self) -> list[int]:
        out = subprocess.run(["pgrep", "-P", str(self.proc.pid)], capture_output=True, text=True).stdout
        return [int(p) for p in out.split()]

    def stop(self) -> None:
        self.proc.kill()
        self.proc.wait(10)


def _head(path: str, host: str, length: int, headers: dict[str, str]) -> bytes:
    lines = [f"POST {path} HTTP/1.1", f"Host: {host}", f"Content-Length: {length}", "Connection: close",
             *(f"{k}: {v}" for k, v in headers.items())]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def _answer(sock: socket.socket) -> tuple[int, dict, str]:
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status, *fields = head.decode().split("\r\n")
    found = {k.lower(): v.strip() for k, _, v in (f.partition(":") for f in fields)}
    return int(status.split()[1]), found, body.decode(errors="replace")


def _alive(pid: int) -> bool:
    try:
        return "\tZ" not in Path(f"/proc/{pid}/status").read_text().split("State:")[1][:4]
    except (OSError, IndexError):
        return False


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    s = Server("--workers", "1", "--time-limit", "2")
    yield s
    s.stop()


def test_an_unknown_host_name_is_refused(server: Server) -> None:  # DNS rebinding
    assert server.request(host="evil.example")[0] == 400
    assert server.request(host=f"localhost:{server.port}")[0] == 200


@pytest.mark.parametrize("kind", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"])
def test_only_json_bodies_are_taken(server: Server, kind: str) -> None:
    status, _, body = server.request(headers={"Content-Type": kind})
    assert status == 415 and "application/json" in json.loads(body)["error"]


def test_a_page_of_another_site_is_refused(server: Server) -> None:
    assert server.request(headers={"Origin": "https://evil.example"})[0] == 403
    assert server.request(headers={"Sec-Fetch-Site": "cross-site"})[0] == 403
    assert server.request(headers={"Origin": f"http://127.0.0.1:{server.port}"})[0] == 200


def test_a_huge_body_is_refused_before_it_is_read(server: Server) -> None:
    sock = server.connect()
    with sock:  # 200 MB announced, none sent: the answer comes without waiting for them
        sock.settimeout(10)
        sock.sendall(_head("/api/solve", f"127.0.0.1:{server.port}", 200_000_000,
                           {"Content-Type": "application/json"}))
        assert _answer(sock)[0] == 413


def test_work_beyond_the_workers_is_503_with_retry_after(server: Server) -> None:
    slow = server.connect()
    with slow:
        slow.sendall(_head("/api/hint", f"127.0.0.1:{server.port}", len(SLOW), {"Content-Type": "application/json"})
                     + SLOW)
        time.sleep(0.5)
        status, headers, _ = server.request()
        assert status == 503 and int(headers["retry-after"]) > 0
        status, _, body = _answer(slow)  # the one worker's own request ends at the time limit
    assert status in (200, 504), body
    assert server.request()[0] == 200  # and the worker serves again


def test_the_time_limit_ends_work_that_cannot_stop(server: Server) -> None:
    body = json.dumps({"tiling": "hats", "size": "100x100", "seed": 1}).encode()  # about 16 s to build
    status, _, text = server.request(body, path="/api/tiling")
    assert status == 504 and "time limit" in json.loads(text)["error"]
    assert server.request()[0] == 200


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_sigterm_ends_the_server_and_its_workers_with_work_under_way(sig: int) -> None:
    """Ctrl-C and SIGTERM stop the server, exit 0 as its help says (they once ended it
    with 130 and "interrupted", or killed by SIGTERM itself)."""
    s = Server("--workers", "1")
    try:
        slow = s.connect()
        slow.sendall(_head("/api/hint", f"127.0.0.1:{s.port}", len(SLOW), {"Content-Type": "application/json"})
                     + SLOW)
        time.sleep(1.0)
        workers = s.workers()
        assert workers
        s.proc.send_signal(sig)
        assert s.proc.wait(10) == 0  # before: the server waited for the hint to end
        time.sleep(0.5)
        assert not [w for w in workers if _alive(w)]
        slow.close()
    finally:
        s.stop()


def test_a_killed_server_leaves_no_worker_behind() -> None:
    s = Server("--workers", "1")
    try:
        assert s.request()[0] == 200
        workers = s.workers()
        os.kill(s.proc.pid, signal.SIGKILL)
        s.proc.wait(10)
        end = time.monotonic() + 10
        while any(_alive(w) for w in workers) and time.monotonic() < end:
            time.sleep(0.1)
        assert workers and not [w for w in workers if _alive(w)]
    finally:
        s.stop()
