#!/usr/bin/env python3
"""A PostgreSQL server for the store's tests: use the one running, or start a throwaway one.

    python scripts/test_postgres.py ensure     # prints an admin URL that works, or exits 1 saying why
    python scripts/test_postgres.py stop       # stops the throwaway cluster this script started

`ensure` tries, in order:
1. `$ION_TEST_PG` (default `postgresql://postgres@127.0.0.1:5432/postgres`): a server already
   running there is used as it is.
2. A throwaway cluster this script started earlier (its URL is kept in the state folder).
3. The system's PostgreSQL binaries (`/usr/lib/postgresql/*/bin/initdb`, `pg_ctl`); when they are
   missing and we are root, `apt-get update` then `apt-get install -y postgresql` first. A new
   cluster (trust authentication, listening on 127.0.0.1 on a free port, sockets in the state
   folder) is made under the state folder and started as the `postgres` user when run as root.

Standard library only, so it runs before the project is installed. The state folder is
`$ION_TEST_PG_DIR` or `/tmp/ionarena-test-pg`.
"""

from __future__ import annotations

import fcntl
import glob
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
STATE = Path(os.environ.get("ION_TEST_PG_DIR", "/tmp/ionarena-test-pg"))


def reachable(url: str, timeout: float = 3.0) -> bool:
    """True if something accepts TCP connections at the URL's host and port, and answers like a
    PostgreSQL server (checked with psycopg when it is installed)."""
    parts = urlsplit(url)
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 5432), timeout=timeout):
            pass
    except OSError:
        return False
    try:
        import psycopg
    except ImportError:
        return True
    try:
        plain = url.replace("postgresql+psycopg://", "postgresql://")
        with psycopg.connect(plain, connect_timeout=int(timeout)):
            return True
    except Exception:
        return False


def binaries() -> Path | None:
    """The newest `/usr/lib/postgresql/<v>/bin` holding initdb and pg_ctl."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parent.parent.name) if Path(p).parent.parent.name.isdigit()
                   else 0)
    return Path(found[-1]).parent if found else None


def install() -> None:
    """apt-get update, then install Debian's PostgreSQL (root only)."""
    if os.geteuid() != 0:
        raise SystemExit("PostgreSQL binaries are missing and installing them needs root")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update"], check=True, env=env, stdout=subprocess.DEVNULL)
    subprocess.run(["apt-get", "install", "-y", "--no-install-recommends", "postgresql"], check=True, env=env,
                   stdout=subprocess.DEVNULL)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def as_owner(command: list[str]) -> list[str]:
    """Run as `postgres` when we are root (initdb refuses root)."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


def start_cluster() -> str:
    """Make and start a throwaway cluster; return its admin URL."""
    bin_dir = binaries()
    if bin_dir is None:
        install()
        bin_dir = binaries()
        if bin_dir is None:
            raise SystemExit("apt-get installed postgresql but no initdb was found under /usr/lib/postgresql")
    data = STATE / "data"
    if data.exists():
        shutil.rmtree(data)
    STATE.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        shutil.chown(STATE, "postgres", "postgres")
    subprocess.run(as_owner([str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust",
                             "--encoding=UTF8", "--no-sync"]), check=True, stdout=subprocess.DEVNULL)
    port = free_port()
    options = f"-p {port} -k {STATE} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(as_owner([str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options,
                             "-l", str(STATE / "log"),
                             "-w", "-t", "60", "start"]), check=True, stdout=subprocess.DEVNULL)
    url = f"postgresql://postgres@127.0.0.1:{port}/postgres"
    (STATE / "url").write_text(url)
    return url


def ensure() -> str:
    """A working admin URL (see the module docstring)."""
    url = os.environ.get("ION_TEST_PG") or DEFAULT_URL
    if reachable(url):
        return url
    STATE.mkdir(parents=True, exist_ok=True)
    with open(STATE.parent / f"{STATE.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # two test workers must not start two clusters
        saved = STATE / "url"
        if saved.exists() and reachable(saved.read_text().strip()):
            return saved.read_text().strip()
        url = start_cluster()
        for _ in range(50):
            if reachable(url):
                return url
            time.sleep(0.2)
        raise SystemExit(f"the throwaway cluster at {url} did not answer (see {STATE / 'log'})")


def stop() -> None:
    """Stop the throwaway cluster, if this script started one."""
    bin_dir = binaries()
    data = STATE / "data"
    if bin_dir is not None and data.exists():
        subprocess.run(as_owner([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "fast", "stop"]),
                       check=False)


def main(argv: list[str]) -> int:
    if argv[1:] == ["ensure"]:
        try:
            print(ensure())
        except (SystemExit, subprocess.CalledProcessError, OSError) as err:
            print(f"no PostgreSQL: {err}", file=sys.stderr)
            return 1
        return 0
    if argv[1:] == ["stop"]:
        stop()
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
