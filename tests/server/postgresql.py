"""A throwaway PostgreSQL server of its own, on 127.0.0.1 only, with trust authentication and
an empty database: for the tests (no fsync, for speed) and for the benchmarks (fsync as they
say). Debian's ``postgresql`` package provides it; `make test` installs it."""

from __future__ import annotations

import glob
import os
import pwd
import shlex
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

DATABASE = "ludotheque_test"


class ClusterError(RuntimeError):
    """The cluster cannot be made or started, in one sentence with what it said."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now (the system picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _bin() -> Path:
    """The newest installed PostgreSQL's bin directory (Debian's /usr/lib/postgresql/N/bin)."""
    found = [Path(path) for path in glob.glob("/usr/lib/postgresql/*/bin")
             if Path(path, "initdb").exists() and Path(path, "pg_ctl").exists()]
    if not found:
        raise ClusterError("PostgreSQL's initdb and pg_ctl are missing under "
                           "/usr/lib/postgresql/*/bin: `make test` installs Debian's postgresql "
                           "package.")
    return max(found, key=lambda path: [int(part) for part in path.parent.name.split(".")])


def _as_postgres(command: list[str]) -> list[str]:
    """The command run as the ``postgres`` system user when we are root (the server refuses to
    run as root); as ourselves otherwise."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


def _run(command: list[str], cwd: Path) -> None:
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=60,
                            check=False)
    if result.returncode != 0:
        raise ClusterError(f"{shlex.join(command)} failed ({result.returncode}):\n"
                           f"{result.stdout}{result.stderr}")


class Cluster:
    """Started when made, its SQLAlchemy ``url`` ready; ``stop()`` stops and deletes it.
    ``fsync`` false (the tests'): commits are not forced to the disk, as a throwaway database
    needs; true: PostgreSQL's default, as a server in use runs."""

    def __init__(self, fsync: bool = False, connections: int = 100) -> None:
        self.fsync = fsync
        self._bin = _bin()
        # Not pytest's tmp_path: its parent is private to root, and the server runs as postgres.
        self._root = Path(tempfile.mkdtemp(prefix="ludotheque-postgresql-"))
        self._data = self._root / "data"
        self._started = False
        try:
            if os.geteuid() == 0:
                user = pwd.getpwnam("postgres")
                os.chown(self._root, user.pw_uid, user.pw_gid)
            _run(_as_postgres([str(self._bin / "initdb"), "-D", str(self._data), "--no-sync",
                               "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C"]),
                 cwd=self._root)
            port = free_port()
            options = (f"-k {shlex.quote(str(self._root))} -h 127.0.0.1 -p {port} "
                       f"-c max_connections={connections}" + ("" if fsync else " -F"))
            _run(_as_postgres([str(self._bin / "pg_ctl"), "start", "-D", str(self._data),
                               "-l", str(self._root / "log"), "-w", "-t", "30",
                               "-o", options]), cwd=self._root)
            self._started = True
            _run([str(self._bin / "createdb"), "-h", "127.0.0.1", "-p", str(port),
                  "-U", "postgres", DATABASE], cwd=self._root)
        except BaseException:
            self.stop()
            raise
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{port}/{DATABASE}"

    def stop(self) -> None:
        if self._started:
            subprocess.run(_as_postgres([str(self._bin / "pg_ctl"), "stop", "-D",
                                         str(self._data), "-m", "immediate", "-w"]),
                           cwd=self._root, capture_output=True, timeout=60, check=False)
            self._started = False
        shutil.rmtree(self._root, ignore_errors=True)
