"""Files the player's machine writes: JSON with a version, written atomically, checked on load.

``Storage(folder)`` is the whole API the screens use:

- ``save_soon(name, data, version)`` hands ``data`` (JSON-able; the caller does not change it
  afterwards) to one background thread and returns at once: no disk I/O, no fsync on the
  calling thread. The thread writes the latest data given for each name, so many calls for
  one name before it gets there cost one write; it takes everything pending at once and
  writes it in the order it was handed over, so a save never lands before an earlier one.
  ``forget(name)`` deletes a file in order with those writes. ``flush(timeout)`` waits
  until everything handed over is on disk;
  ``close()`` flushes and stops the thread (the program calls it on exit; an ``atexit``
  hook flushes whatever a program forgot to).
- ``save_json(name, data, version)`` writes at once, on the calling thread (``--import``;
  the settings go through ``save_soon`` as every other file).
- Both write ``{"version": v, "data": data}`` to ``.<name>.<pid>.tmp`` in the same folder,
  flush and fsync it, ``os.replace`` it over ``name`` and fsync the folder: a kill at any
  moment leaves either the old file or the new one, never a half-written one. Temporary
  files that a killed program left are removed when a Storage opens the folder (those of
  a process still running are left alone).
- Temporary files are made with ``O_EXCL | O_NOFOLLOW``: a planted link is never written
  through. A background write that fails (OSError) is kept and tried again every
  ``RETRY_SECONDS`` while the program runs, by the next
  ``save_soon`` of that name and by ``flush``; ``take_failures()`` gives the UI thread the
  names whose last write failed since it last asked, so it can tell the player.
- ``load_json(name, schema, default, version, then)`` returns ``then(data)`` (or ``data``) of
  the file's data decoded as ``schema`` (one per file, in ``game.platform.schemas``: types,
  ranges, required keys); a missing file gives ``default()``; a file that is there but cannot
  be read (no permission, a disk error) gives ``default()`` too, is listed in ``unreadable``,
  told through ``on_unreadable`` and neither moved nor saved over; a file (read with
  ``read_regular``) that is a named pipe, a device or a link, is larger than
  ``MAX_FILE_BYTES``, is not JSON (NaN and Infinity are not, nor a key twice), has another
  version, breaks its schema or that ``then`` rejects (ValueError) is renamed
  ``<name>.damaged-<timestamp>``, listed in ``damaged`` and passed to ``on_damaged`` so the
  front end can tell the player; other files are never touched. Data handed to
  ``save_soon`` and not yet written is what it loads.
- One program per folder: the Storage takes an exclusive lock on ``.lock`` in its folder
  (``lock()``; the constructor does it). A second program on the same folder gets
  ``read_only`` True: every save and ``forget`` is then a no-op, reported once through
  ``take_failures``, and damaged files are not moved, so the first program's files are
  never touched. Every Storage of one process on one folder shares the process's lock. The
  lock file is opened without following a link; before each write it is checked: a folder
  removed while the program runs is locked again, or, when another program locked it first,
  the Storage becomes ``read_only`` (``lost``).

``Settings`` is the first such file (``settings.json``); statistics, progress and saved games
use the same calls.
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import json
import os
import re
import stat
import sys
import threading
import time
import traceback
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from game.platform.schemas import LONG_PRESS_RANGE as LONG_PRESS_RANGE
from game.platform.schemas import WINDOW_SIDE_RANGE as WINDOW_SIDE_RANGE
from game.platform.schemas import Saved, Settings

S = TypeVar("S")
T = TypeVar("T")

SETTINGS_FILE = "settings.json"
SETTINGS_VERSION = 1

LOCK_FILE = ".lock"  # a dot name: never a save file (see Storage.path)
TEMP_PATTERN = re.compile(r"\.(?P<name>[^.].*)\.(?P<pid>[0-9]+)\.tmp")
MAX_FILE_BYTES = 64 * 2**20  # far over any file it writes (a MAX_MOVES marathon is ~0.5 MB)
RETRY_SECONDS = 1.0  # a failed background write is tried again this often while the program runs
CLOSE_TIMEOUT = 10.0  # s: close() waits no longer for a stuck disk
EXIT_TIMEOUT = 5.0  # s: the atexit hook's wait for unwritten saves


class Storage:
    """Versioned JSON files in one folder, which the Storage creates and locks on opening."""

    def __init__(self, folder: str | os.PathLike[str], *, lock: bool = True) -> None:
        self.folder = Path(folder)
        self.damaged: list[tuple[str, Path]] = []  # (file name, where it was moved)
        self.on_damaged: Callable[[str], None] | None = None  # told each file's name at once
        self.unreadable: list[str] = []  # files there but not readable: kept, not saved over
        self.on_unreadable: Callable[[str], None] | None = None
        self._unreadable: set[str] = set()  # of those, the ones not read since
        self._read_only = False  # another program holds the folder: nothing is written
        self.holder_pid: int | None = None  # that program's process id, where it can be told
        self.lock_error: OSError | None = None  # why the folder could not be locked, if so
        self.cleaned: list[Path] = []  # temporary files of killed programs, removed on opening
        self._place = _place(self.folder)
        self._writer = _Writer(self.folder, self._place)
        self._wants_lock = lock
        self._told_read_only = False
        self._closed = True
        self._open()
        if not self.read_only:
            self._clean_temp_files()

    # the folder -------------------------------------------------------------------------------
    def lock(self) -> bool:
        """Take this folder for this process (True), unless another program has it (False).

        Another program's lock makes this Storage ``read_only``; a folder that cannot hold a
        lock file (missing and not creatable, read-only) gives False and ``lock_error``, and
        saves are still tried there (and their failures reported). Idempotent.
        """
        if self._hold.held:
            return True
        try:
            got, holder = self._place.acquire()
        except OSError as error:
            self.lock_error = error
            return False
        self.lock_error = None
        self._read_only = not got
        self.holder_pid = holder
        self._hold.held = got
        return got

    @property
    def read_only(self) -> bool:
        """Another program holds the folder: nothing is written, nothing moved. It becomes
        True while running when the folder was removed and another program took it first
        (``lost``)."""
        return self._read_only or (self._hold.held and self._place.lost)

    @property
    def lost(self) -> bool:
        """The folder was taken over by another program while this one ran."""
        return self._hold.held and self._place.lost

    def path(self, name: str) -> Path:
        if not name or Path(name).name != name or name.startswith("."):
            raise ValueError(f"a save file name must be a plain file name, not {name!r}")
        return self.folder / name

    # writing ----------------------------------------------------------------------------------
    def save_soon(self, name: str, data: Any, version: int = 1) -> None:
        """Have ``data`` written in the background; returns at once (no disk I/O here)."""
        self.path(name)
        self._open()
        if self.read_only or name in self._unreadable:
            self._refuse(name)
            return
        self._writer.put(_Job(name, data, version))

    def forget(self, name: str) -> None:
        """Delete ``name`` (a missing file is fine) in order with the writes handed over."""
        self.path(name)
        self._open()
        if self.read_only or name in self._unreadable:
            self._refuse(name)
            return
        self._writer.put(_Job(name, None, 0, delete=True))

    def save_json(self, name: str, data: Any, version: int = 1) -> None:
        """Write ``data`` now, on this thread; OSError goes to the caller."""
        self.path(name)
        self._open()
        if self.read_only or name in self._unreadable:
            self._refuse(name)
            return
        text = _document(data, version)
        with self._place.io_lock:
            self._writer.drop(name)  # an older write still queued must not land after this one
            write_atomic(self.folder, name, text)

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until all handed over so far is on disk (True), or a write failed or the time
        ran out (False). Writes that failed before are tried once more."""
        return self._writer.flush(timeout)

    def take_failures(self) -> list[str]:
        """The names whose last write failed since the previous call (each once), and the
        first save refused because the folder is ``read_only`` (once)."""
        return self._writer.take_reports()

    def close(self, timeout: float | None = CLOSE_TIMEOUT) -> None:
        """Flush, stop the writer thread and let go of the folder. Idempotent; a save after
        it opens the Storage again."""
        if self._closed:
            return
        self._closed = True
        deadline = None if timeout is None else time.monotonic() + timeout
        self.flush(timeout)
        thread = self._finalizer()
        if thread is not None and thread is not threading.current_thread():
            thread.join(None if deadline is None else max(0.0, deadline - time.monotonic()))

    def _open(self) -> None:
        if not self._closed:
            return
        self._closed = False
        self._hold = _Hold(self._place)
        # a Storage dropped without close() still finishes its writes and lets go of the lock
        self._finalizer = weakref.finalize(self, _let_go, self._writer, self._hold)
        if self._wants_lock:
            self.lock()

    def _refuse(self, name: str) -> None:
        if name in self._unreadable and not self.read_only:
            return  # the player was told when it could not be read; nothing is saved over it
        if not self._told_read_only:
            self._told_read_only = True
            self._writer.report(name)

    def _clean_temp_files(self) -> None:
        """Remove ``.<name>.<pid>.tmp`` files left by programs killed while saving."""
        try:
            entries = list(os.scandir(self.folder))
        except OSError:
            return
        me = os.getpid()
        for entry in entries:
            match = TEMP_PATTERN.fullmatch(entry.name)
            if match is None:
                continue
            pid = int(match["pid"])
            if pid == me or _pid_alive(pid):
                continue  # maybe a save in progress
            try:
                if entry.is_file(follow_symlinks=False):
                    os.unlink(entry.path)
                    self.cleaned.append(Path(entry.path))
            except OSError:
                pass

    # reading ----------------------------------------------------------------------------------
    def exists(self, name: str) -> bool:
        """Whether ``name`` is there, counting what was handed over and is not written yet."""
        target = self.path(name)
        queued = self._writer.latest(name)
        if queued is not None:
            return not queued.delete
        return os.path.lexists(target)  # a pipe or link there too: loading it sets it aside

    def load_json(
        self,
        name: str,
        schema: type[S] | Any,
        default: Callable[[], T],
        version: int = 1,
        then: Callable[[S], T] | None = None,
    ) -> T:
        """``then(data)`` (or ``data`` itself) of the file's ``data`` decoded as ``schema`` (a
        type of ``game.platform.schemas``, or any type msgspec knows); ``then`` raises
        ValueError for what the schema cannot say."""
        target = self.path(name)
        queued = self._writer.latest(name)
        if queued is not None:  # handed over, not yet on disk: it is the file's content
            if queued.delete:
                return default()
            try:
                text = _document(queued.data, queued.version)
                return _check(text.encode(), name, schema, version, then)
            except _REJECTED:
                return default()
        try:
            raw = read_regular(target, MAX_FILE_BYTES)
        except FileNotFoundError:
            self._unreadable.discard(name)
            return default()
        except (NotRegularFile, ValueError):  # a pipe, a device, a link, a file far too large
            self._move_aside(name)
            return default()
        except OSError:  # intact as far as anyone knows (no permission, a disk error): kept
            self._tell_unreadable(name)
            return default()
        self._unreadable.discard(name)
        try:
            return _check(raw, name, schema, version, then)
        except _REJECTED:
            self._move_aside(name)
            return default()

    def _tell_unreadable(self, name: str) -> None:
        """A file that is there but cannot be read is neither set aside nor saved over (its
        data may be whole): the defaults are used, and the front end is told once."""
        if name in self._unreadable:
            return
        self._unreadable.add(name)
        self.unreadable.append(name)
        if self.on_unreadable is not None:
            self.on_unreadable(name)

    def _move_aside(self, name: str) -> None:
        source = self.path(name)
        target = source  # could not move it: still report it, and never overwrite it silently
        if not self.read_only:  # another program's files are never touched
            stamp = time.strftime("%Y%m%d-%H%M%S")
            target = source.with_name(f"{name}.damaged-{stamp}")
            n = 1
            while target.exists():
                n += 1
                target = source.with_name(f"{name}.damaged-{stamp}-{n}")
            try:
                os.replace(source, target)
            except OSError:
                target = source
        self.damaged.append((name, target))
        if self.on_damaged is not None:
            self.on_damaged(name)


# msgspec's errors are ValueErrors; RecursionError: JSON nested deeper than the decoder's stack;
# the rest from a ``then`` (or data handed over that is no JSON)
_REJECTED = (ValueError, KeyError, TypeError, OverflowError, RecursionError)


def _check(raw: bytes, name: str, schema: Any, version: int, then: Callable | None) -> Any:
    refuse_duplicate_keys(raw)
    saved = msgspec.json.decode(raw, type=Saved[schema], strict=True)
    if saved.version != version:
        raise ValueError(f"{name}: expected version {version}, not {saved.version}")
    return saved.data if then is None else then(saved.data)


class DuplicateKey(ValueError):
    """A JSON object with one key twice."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise DuplicateKey(f"the key {key!r} appears twice in one object")
            seen.add(key)
    return found


def refuse_duplicate_keys(raw: bytes | str) -> None:
    """ValueError when an object of the JSON text has a key twice (JSON readers disagree on
    which one counts; this program never writes such a file). Other faults are left to the
    schema's decoder, which names them better."""
    try:
        json.loads(raw, object_pairs_hook=_unique_keys)
    except DuplicateKey:
        raise
    except (ValueError, RecursionError):
        pass


def _document(data: Any, version: int) -> str:
    """The file's text; NaN and Infinity are refused (ValueError): no JSON reader takes them."""
    document = {"version": version, "data": data}
    return json.dumps(document, ensure_ascii=False, indent=1, allow_nan=False)


# reading and writing a file safely ------------------------------------------------------------
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_BINARY = getattr(os, "O_BINARY", 0)


class NotRegularFile(OSError):
    """A path that is a named pipe, a device, a folder or (where links are refused) a link."""


def read_regular(path: str | os.PathLike[str], limit: int, *, follow_links: bool = False) -> bytes:
    """At most ``limit`` bytes of the regular file ``path``, read without blocking on a named
    pipe or a device and without reading any more than ``limit + 1`` bytes: ValueError when
    the file is larger, NotRegularFile when it is not a regular file (nor a link to one,
    with ``follow_links``; a link is refused without), other OSErrors as ``open`` gives them.
    """
    flags = os.O_RDONLY | _NONBLOCK | _BINARY | (0 if follow_links else _NOFOLLOW)
    try:
        fd = os.open(path, flags)
    except OSError as error:
        if not follow_links and os.path.islink(path):
            raise NotRegularFile(
                errno.ELOOP, "it is a symbolic link, not a file", str(path)
            ) from None
        if error.errno == errno.ENXIO:  # a socket, or a pipe opened for writing only
            raise NotRegularFile(errno.ENXIO, "it is not a regular file", str(path)) from None
        raise
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotRegularFile(errno.EINVAL, "it is not a regular file", str(path))
        if info.st_size > limit:
            raise ValueError(f"it is larger than {_size(limit)}")
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    if len(raw) > limit:  # it grew while it was read
        raise ValueError(f"it is larger than {_size(limit)}")
    return raw


def _size(n: int) -> str:
    return f"{n // 2**20} MB" if n >= 2**20 else f"{n} bytes"


def write_atomic(folder: Path, name: str, text: str, mode: int = 0o644) -> None:
    """Temp file in the same folder, write, flush, fsync, rename over ``name``, fsync folder.

    The temporary file is made anew (``O_CREAT | O_EXCL | O_NOFOLLOW``, ``mode`` before a byte
    is written): a leftover or a planted link of that name is removed, never written through,
    and the rename replaces ``name`` itself, a link there included, never what it points to."""
    folder.mkdir(parents=True, exist_ok=True)
    tmp = folder / f".{name}.{os.getpid()}.tmp"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _BINARY
    try:
        try:
            fd = os.open(tmp, flags, mode)
        except FileExistsError:  # a leftover of ours, or a planted link: unlink removes the name
            tmp.unlink()
            fd = os.open(tmp, flags, mode)
        with open(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, folder / name)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_folder(folder)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable where the platform allows opening a folder."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# the background writer ------------------------------------------------------------------------
class _Job:
    __slots__ = ("name", "data", "version", "delete", "seq", "tries")

    def __init__(self, name: str, data: Any, version: int, delete: bool = False) -> None:
        self.name, self.data, self.version, self.delete = name, data, version, delete
        self.seq = 0  # order of handing over, set by _Writer.put
        self.tries = 0  # failed writes so far


class _Writer:
    """One daemon thread writing the latest job of each name; holds no reference to the
    Storage, so a Storage dropped without close() can still be collected."""

    def __init__(self, folder: Path, place: _Place) -> None:
        self.folder, self.place = folder, place
        self.io_lock = place.io_lock  # held around each write
        self.cond = threading.Condition()  # guards everything below
        self.pending: dict[str, _Job] = {}  # one per name: the latest handed over
        self.batch: list[_Job] = []  # taken from pending, being written in order of seq
        self.failed: dict[str, _Job] = {}  # failed with OSError, waiting for a retry
        self.broken: list[int] = []  # seq of jobs whose data is not JSON: never written
        self.busy: _Job | None = None
        self.seq = 0
        self.reports: dict[str, None] = {}  # names to tell the UI thread (an ordered set)
        self.thread: threading.Thread | None = None
        self.stopping = False
        self.on_stopped: list[Callable[[], None]] = []

    def put(self, job: _Job) -> None:
        with self.cond:
            self.seq += 1
            job.seq = self.seq
            self.failed.pop(job.name, None)  # this job retries it, with the newer data
            # coalesce: only the last one of a name is written. The writer takes all that is
            # pending at once and writes it in the order it was handed over (by ``seq``), so
            # a save never lands before one handed over earlier (a newer job in an older
            # one's place did: a sector's game saved while its progress still lacked the
            # clear before), and no name starves behind one saved more often.
            self.pending[job.name] = job
            self._start()
            self.cond.notify_all()

    def drop(self, name: str) -> None:
        with self.cond:
            self.pending.pop(name, None)
            self.batch = [job for job in self.batch if job.name != name]
            self.failed.pop(name, None)
            self.reports.pop(name, None)
            self.cond.notify_all()

    def latest(self, name: str) -> _Job | None:
        with self.cond:
            job = self.pending.get(name)
            if job is None:
                job = next((j for j in self.batch if j.name == name), None)
            if job is None and self.busy is not None and self.busy.name == name:
                job = self.busy
            return job if job is not None else self.failed.get(name)

    def report(self, name: str) -> None:
        with self.cond:
            self.reports[name] = None

    def take_reports(self) -> list[str]:
        with self.cond:
            names = list(self.reports)
            self.reports.clear()
            return names

    def flush(self, timeout: float | None) -> bool:
        deadline = None if timeout is None else time.monotonic() + timeout
        with self.cond:
            target = self.seq
            self._retry()
            if self.pending:
                self._start()
                self.cond.notify_all()
            while self._outstanding(target):
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self.cond.wait(left)
            broken = [seq for seq in self.broken if seq <= target]
            self.broken = [seq for seq in self.broken if seq > target]
            return not broken and not any(job.seq <= target for job in self.failed.values())

    def stop(self, then: Callable[[], None]) -> threading.Thread | None:
        """Let the thread finish what is queued and end, then call ``then``; no waiting."""
        with self.cond:
            self.stopping = True
            thread = self.thread
            if thread is not None:
                self.on_stopped.append(then)
            self.cond.notify_all()
        if thread is None:
            then()
        return thread

    def _retry(self, quiet: bool = False) -> None:  # with cond held
        """The failed writes handed over again; a failure of a ``quiet`` retry (the writer's
        own, once a RETRY_SECONDS) is not told again, one of flush's is."""
        for name, job in self.failed.items():
            if not quiet:
                job.tries = 0
            self.pending.setdefault(name, job)
        self.failed.clear()

    def _newer(self, job: _Job) -> _Job | None:  # with cond held
        newer = self.pending.get(job.name)
        return newer or next((j for j in self.batch if j.name == job.name), None)

    def _outstanding(self, target: int) -> bool:
        if self.busy is not None and self.busy.seq <= target:
            return True
        if any(job.seq <= target for job in self.batch):
            return True
        return any(job.seq <= target for job in self.pending.values())

    def _start(self) -> None:  # with cond held
        if self.thread is None:
            self.stopping = False
            self.thread = threading.Thread(target=self._run, name="storage-writer", daemon=True)
            self.thread.start()
            _live_writers.add(self)

    def _run(self) -> None:
        while True:
            with self.cond:
                while not self.pending and not self.batch and not self.stopping:
                    if self.failed:  # tried again while the program runs: space may be back
                        if not self.cond.wait(RETRY_SECONDS) and not self.pending:
                            self._retry(quiet=True)
                    else:
                        self.cond.wait()
                if not self.pending and not self.batch:
                    self.thread = None
                    done, self.on_stopped = self.on_stopped, []
                    self.cond.notify_all()
                    break
            with self.io_lock:  # taken before the job, as save_json does: no older write after
                with self.cond:
                    if not self.batch:
                        if not self.pending:
                            continue
                        self.batch = sorted(self.pending.values(), key=lambda j: j.seq)
                        self.pending.clear()
                    job = self.batch.pop(0)
                    self.busy = job
                if self.place.still_ours():
                    error = self._write(job)
                else:  # another program took the folder: the Storage is read-only now
                    error = PermissionError(errno.EACCES, "another program holds the folder")
            with self.cond:
                self.busy = None
                if error is None:
                    self.reports.pop(job.name, None)
                    job.tries = 0
                else:
                    job.tries += 1
                    if not isinstance(error, OSError) or self.place.lost:
                        self.broken.append(job.seq)  # never written: flush says so
                    elif self._newer(job) is None and not self.place.lost:
                        self.failed[job.name] = job  # kept for a retry, the next save or flush
                    if job.tries == 1:  # told once, not at every retry
                        self.reports[job.name] = None
                self.cond.notify_all()
        for then in done:
            then()

    def _write(self, job: _Job) -> BaseException | None:
        try:
            if job.delete:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(self.folder / job.name)
                _fsync_folder(self.folder)
            else:
                write_atomic(self.folder, job.name, _document(job.data, job.version))
        except OSError as error:
            return error
        except Exception as error:  # data that is not JSON: the caller's bug, told, not retried
            traceback.print_exc(file=sys.stderr)
            return error
        return None


_live_writers: weakref.WeakSet[_Writer] = weakref.WeakSet()


def _let_go(writer: _Writer, hold: _Hold) -> threading.Thread | None:
    return writer.stop(then=hold.release)


@atexit.register
def _flush_at_exit() -> None:
    """The writer is a daemon thread: what a program did not close() is written here."""
    deadline = time.monotonic() + EXIT_TIMEOUT
    for writer in list(_live_writers):
        writer.flush(max(0.0, deadline - time.monotonic()))


# one program per folder -------------------------------------------------------------------------
_places_lock = threading.RLock()  # re-entrant: a collected Storage's finalizer may take it
_places: dict[str, _Place] = {}


def _place(folder: Path) -> _Place:
    key = os.path.normcase(os.path.realpath(folder))
    with _places_lock:
        place = _places.get(key)
        if place is None:
            place = _places[key] = _Place(folder)
        return place


class _Place:
    """A folder as this process sees it: one write at a time, one lock shared by its Storages."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.io_lock = threading.Lock()  # the temporary names are per process, not per thread
        self.fd: int | None = None  # the open, locked lock file
        self.pid = 0  # the process that locked it (a forked child does not hold it)
        self.holders = 0
        self.lost = False  # the folder went away and another program locked it first

    def still_ours(self) -> bool:
        """Before a write: whether this process still holds the folder. A lock file that is
        gone or replaced (the folder was removed while the program ran) is made and locked
        again; if another program got there first, the folder is ``lost`` and False."""
        with _places_lock:
            if self.lost:
                return False
            if self.fd is None or self.pid != os.getpid():
                return True  # not locked by this process (Storage(lock=False)): not checked
            try:
                now = os.stat(self.folder / LOCK_FILE, follow_symlinks=False)
                held = os.fstat(self.fd)
                if (now.st_ino, now.st_dev) == (held.st_ino, held.st_dev):
                    return True
            except OSError:
                pass  # gone: taken again below
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                fd = _open_lock_file(self.folder / LOCK_FILE)
            except OSError:
                return True  # cannot be made: the write fails and is reported as any other
            if not _try_lock(fd):
                os.close(fd)
                self.lost = True
                return False
            _write_pid(fd)
            old, self.fd = self.fd, fd
            _unlock(old)
            os.close(old)
            return True

    def acquire(self) -> tuple[bool, int | None]:
        """(True, None) once this process holds the folder; (False, the holder's pid or None)
        if another program does. OSError if no lock file can be made there."""
        with _places_lock:
            if self.fd is not None and self.pid == os.getpid():
                self.holders += 1
                return True, None
            self.fd, self.holders = None, 0
            self.folder.mkdir(parents=True, exist_ok=True)
            fd = _open_lock_file(self.folder / LOCK_FILE)
            try:
                got = _try_lock(fd)
            except OSError:
                os.close(fd)
                raise
            if not got:
                holder = _read_pid(fd)
                os.close(fd)
                return False, holder
            _write_pid(fd)
            self.fd, self.pid, self.holders = fd, os.getpid(), 1
            return True, None

    def release(self) -> None:
        with _places_lock:
            if self.fd is None or self.pid != os.getpid():
                return
            self.holders -= 1
            if self.holders <= 0:
                _clear_pid(self.fd)
                _unlock(self.fd)
                os.close(self.fd)  # the lock file stays: removing it would race a newcomer
                self.fd = None


def _open_lock_file(path: Path) -> int:
    """The lock file, opened without following a link: a link or anything but a regular file
    planted in its place is removed (only the name: what it points to is never opened), and
    a file with other hard links is never written to (see ``_write_pid``)."""
    flags = os.O_RDWR | os.O_CREAT | _NOFOLLOW | _NONBLOCK | _BINARY
    for attempt in range(2):
        try:
            fd = os.open(path, flags, 0o644)
        except OSError as error:
            if attempt or not (os.path.islink(path) or error.errno in (errno.ENXIO, errno.ELOOP)):
                raise
            path.unlink()
            continue
        info = os.fstat(fd)
        if stat.S_ISREG(info.st_mode):
            return fd
        os.close(fd)
        if attempt or stat.S_ISDIR(info.st_mode):
            raise NotRegularFile(errno.EINVAL, "the lock file is not a regular file", str(path))
        path.unlink()
    raise AssertionError("unreachable")


def _single_link(fd: int) -> bool:
    """Whether the open file has no other name (a hard link to it would carry our writes)."""
    try:
        info = os.fstat(fd)
    except OSError:
        return False
    return stat.S_ISREG(info.st_mode) and info.st_nlink == 1


class _Hold:
    """One Storage's share of its folder's lock."""

    def __init__(self, place: _Place) -> None:
        self.place = place
        self.held = False

    def release(self) -> None:
        if self.held:
            self.held = False
            self.place.release()


if sys.platform == "win32":
    import ctypes
    import msvcrt

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        with contextlib.suppress(OSError):
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

    def _write_pid(fd: int) -> None:
        pass  # the locked byte cannot be read by the others anyway

    def _read_pid(fd: int) -> int | None:
        return None

    def _clear_pid(fd: int) -> None:
        pass

    def _pid_alive(pid: int) -> bool:
        kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
        handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return ctypes.get_last_error() == 5  # ERROR_ACCESS_DENIED: it exists
        try:
            code = ctypes.c_ulong()
            if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
                return True
            return code.value == 259  # STILL_ACTIVE
        finally:
            kernel32.CloseHandle(handle)

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_UN)

    def _write_pid(fd: int) -> None:
        if not _single_link(fd):
            return  # a hard link planted as the lock file: its other name is never truncated
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)

    def _clear_pid(fd: int) -> None:
        if not _single_link(fd):
            return
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)

    def _read_pid(fd: int) -> int | None:
        try:
            return int(os.pread(fd, 32, 0).decode().strip())
        except (OSError, ValueError, UnicodeDecodeError):
            return None

    def _pid_alive(pid: int) -> bool:
        if not 0 < pid <= 0x7FFFFFFF:
            return False  # no process has such an id
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except OSError:
            return True  # e.g. PermissionError: another user's live process
        return True


def load_settings(storage: Storage, language: str = "en") -> Settings:
    """The saved settings, or the defaults in ``language`` (first run, or a damaged file)."""
    return storage.load_json(
        SETTINGS_FILE, Settings, lambda: Settings(language=language), SETTINGS_VERSION
    )


def save_settings(storage: Storage, settings: Settings) -> None:
    """Hand the settings to the background writer, as every other file (no fsync on the
    UI thread); ValueError for a value out of its range, before anything is handed over."""
    settings.check()
    storage.save_soon(SETTINGS_FILE, settings.to_dict(), SETTINGS_VERSION)
