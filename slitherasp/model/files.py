"""Writing results to files safely: atomically, all files of one result or none,
never silently over another result, and no stale sibling left behind.

Each file is first written in full to a temporary file beside it; only when every
file of the result is written are they renamed into place (a rename within a folder
is atomic), with Ctrl-C held back until the renames are done. A failure on the way
removes the temporaries and leaves every old file as it was; a temporary that a
killed process left behind is taken over by the next write of the same file. Errors are
:class:`~slitherasp.model.errors.InputError` naming the file that could not be written.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> [p.name for p in write_files({folder / "a.txt": "1\\n", folder / "b.txt": b"2"})]
['a.txt', 'b.txt']
>>> write_files({folder / "a.txt": "3\\n"}, force=False)
Traceback (most recent call last):
...
slitherasp.model.errors.InputError: .../a.txt: exists already (use --force to replace it)
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import tempfile
import threading
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from .errors import InputError

try:
    import fcntl
except ImportError:  # no file locks (Windows): every temporary gets a random name
    fcntl = None  # type: ignore[assignment]


def _problem(exc: OSError) -> str:
    return exc.strerror.lower() if exc.strerror else str(exc)


def writable_folder(folder: str | Path) -> Path:
    """The folder, created if missing, after proving a file can be made in it; so
    that long work (generation) fails before it starts, not after."""
    path = Path(folder)
    try:
        path.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".slitherasp-", dir=path)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise InputError(f"cannot write into this folder: {_problem(exc)}", source=str(folder)) from None
    return path


@contextlib.contextmanager
def interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C (and SIGTERM, where the command takes it as Ctrl-C) back until the
    block is done (in the main thread), then raise it."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    held = [s for s in (signal.SIGINT, signal.SIGTERM)
            if s == signal.SIGINT or signal.getsignal(s) is signal.default_int_handler]
    previous = {s: signal.signal(s, lambda sig, frame: caught.append(sig)) for s in held}
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
    if caught:
        raise KeyboardInterrupt


def _identity(path: Path) -> tuple[int, int] | None:
    """The device and inode of the file ``path`` names (through symlinks, and through
    folders that a write would make first: ``new/../a.lp`` is ``a.lp``), or None when
    it names no file (missing, a folder, a name no file can have)."""
    try:
        found = Path(os.path.realpath(path)).stat()
    except (OSError, ValueError):
        return None
    return (found.st_dev, found.st_ino) if stat.S_ISREG(found.st_mode) else None


def refuse_inputs(outputs: Iterable[str | Path], inputs: Iterable[str | Path]) -> None:
    """:class:`InputError` when a file to be written or removed is a file the work
    reads: the same file under any name (a symlink, a hard link, another spelling of
    its path), which not even ``--force`` may replace. Checked before the work."""
    read: dict[tuple[int, int], str] = {}
    for name in inputs:
        identity = _identity(Path(name)) if str(name) != "-" else None
        if identity is not None:
            read.setdefault(identity, str(name))
    for out in outputs:
        source = read.get(_identity(Path(out)) or (-1, -1))
        if source is not None:
            alias = "" if Path(source) == Path(out) else f" ({source})"
            raise InputError(f"is an input{alias}: name another output file (even --force never writes over an "
                             "input)", source=str(out))


def _umask() -> int:
    """The process's umask (read by setting it, then setting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_files(contents: Mapping[Path, str | bytes], *, force: bool = True,
                stale: Iterable[Path] = ()) -> list[Path]:
    """Write every file of one result (text as UTF-8), atomically and together.

    ``force=False`` refuses to replace an existing file. ``stale``: files of an older
    result under the same name that the new one does not have (an old ``.answer``
    beside a new instance without one); they are removed once the new files are in
    place. Returns the files written, in the order given.
    """
    paths = [Path(p) for p in contents]
    if not force:
        for path in paths:
            if path.exists():
                raise InputError("exists already (use --force to replace it)", source=str(path))
    temporaries: dict[Path, str] = {}  # not yet renamed into place
    held: list[int] = []  # the temporaries open (and locked) until they are renamed
    mode = 0o666 & ~_umask()  # as open() would make a new file
    try:
        for path, data in contents.items():
            path = Path(path)
            if path.is_dir():
                raise InputError("is a folder, not a file", source=str(path))
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                fd, tmp = _temporary(path, mode)
                held.append(fd)
                temporaries[path] = tmp
                os.fchmod(fd, mode)  # mkstemp makes it 0600 whatever the umask; an old one has its own
                with os.fdopen(fd, "wb", closefd=False) as f:
                    f.write(data.encode("utf-8") if isinstance(data, str) else data)
            except OSError as exc:
                raise InputError(f"cannot write: {_problem(exc)}", source=str(path)) from None
        with interrupts_held():
            for path in list(temporaries):
                try:
                    os.replace(temporaries[path], path)
                except OSError as exc:
                    raise InputError(f"cannot write: {_problem(exc)}", source=str(path)) from None
                del temporaries[path]  # its name may be another writer's temporary from now on
            for old in stale:
                if Path(old) not in paths:
                    with contextlib.suppress(FileNotFoundError):
                        Path(old).unlink()
    finally:
        for tmp in temporaries.values():
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        for fd in held:
            os.close(fd)
    return paths


TEMPORARY = ".{name}.slitherasp.tmp"
"""The name of the temporary beside a file ``name`` while it is written."""


def _temporary(path: Path, mode: int) -> tuple[int, str]:
    """A new file beside ``path`` to write its content into, open (and locked, where
    the system locks files) until it is renamed into place: :data:`TEMPORARY`, so that
    one a killed writer left behind (SIGKILL, a crash) is taken over by the next write
    of the same file instead of staying forever; a random name while another writer
    holds that one."""
    fixed = path.with_name(TEMPORARY.format(name=path.name))
    fd = _claim(fixed, mode)
    if fd is not None:
        return fd, str(fixed)
    return tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)


def _claim(tmp: Path, mode: int) -> int | None:
    """``tmp`` opened, locked and emptied; None when another writer holds it (writing
    the same file now), it is no plain file of this user (a symlink is not followed, a
    FIFO not waited on), or the system cannot lock it."""
    if fcntl is None:
        return None
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, mode)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        mine = os.fstat(fd)
        # the one whose lock this was may have renamed it into place since we opened it
        if not stat.S_ISREG(mine.st_mode) or mine.st_uid != os.geteuid() \
                or not os.path.samestat(mine, os.stat(tmp, follow_symlinks=False)):
            raise OSError("not a temporary of ours")
        os.ftruncate(fd, 0)
        os.set_blocking(fd, True)
    except OSError:
        os.close(fd)
        return None
    return fd
