"""A real IRC server for the tests: Debian's ngircd on loopback, with a generated config on a free port.

`Ngircd(workdir).start()` writes `ngircd.conf` (loopback only, no PAM, ident or DNS; room for many
connections from one address and long nicks), starts `ngircd --nodaemon` and waits until it accepts
connections. `restart()` stops it and starts it again on the same port (every client is dropped);
`stop()` ends it. `find_ngircd()` says where the binary is, or None. With `tls=True` it also
listens with TLS on `tls_port`, with a self-signed certificate made by `openssl`.

The server's own flood protection is left as shipped: the bot must live with it.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

SEARCH = ("/usr/sbin", "/usr/local/sbin", "/usr/bin", "/usr/local/bin")


def find_ngircd() -> str | None:
    """The ngircd binary, or None if it is not installed."""
    found = shutil.which("ngircd")
    if found:
        return found
    for folder in SEARCH:
        path = Path(folder) / "ngircd"
        if path.is_file() and os.access(path, os.X_OK):
            return str(path)
    return None


def free_port() -> int:
    """A TCP port nothing listens on right now (on 127.0.0.1)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


CONFIG = """\
[Global]
    Name = irc.ion.test
    Info = Ion Arena test server
    Listen = 127.0.0.1
    Ports = {port}
    PidFile = {dir}/ngircd.pid
    MotdPhrase = Ion Arena test server
{password}
[Limits]
    MaxConnections = 0
    MaxConnectionsIP = 0
    MaxJoins = 0
    MaxNickLength = 30
    PingTimeout = 120
    PongTimeout = 30
    ConnectRetry = 60

[Options]
    PAM = no
    Ident = no
    DNS = no
    MorePrivacy = no
    OperCanUseMode = yes

[Channel]
    Name = #ion
    Modes = +nt
{tls}"""

TLS_CONFIG = """
[SSL]
    CertFile = {dir}/cert.pem
    KeyFile = {dir}/key.pem
    Ports = {port}
"""


class Ngircd:
    """One ngircd process (see the module docstring)."""

    def __init__(self, workdir: Path, port: int | None = None, password: str | None = None,
                 tls: bool = False):
        binary = find_ngircd()
        if binary is None:
            raise FileNotFoundError("ngircd is not installed (scripts/install-ngircd.sh installs it)")
        self.binary = binary
        self.dir = Path(workdir)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.port = port or free_port()
        self.password = password
        self.tls_port = free_port() if tls else None
        self.config = self.dir / "ngircd.conf"
        self.log = self.dir / "ngircd.log"
        self.process: subprocess.Popen[bytes] | None = None

    def write_config(self) -> None:
        """Write the config for this port."""
        password = f"    Password = {self.password}\n" if self.password else ""
        tls = ""
        if self.tls_port is not None:
            if not (self.dir / "cert.pem").exists():
                subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                                "-subj", "/CN=127.0.0.1", "-keyout", str(self.dir / "key.pem"),
                                "-out", str(self.dir / "cert.pem")], check=True, capture_output=True)
            tls = TLS_CONFIG.format(dir=self.dir, port=self.tls_port)
        self.config.write_text(CONFIG.format(port=self.port, dir=self.dir, password=password, tls=tls))

    def start(self, timeout: float = 10.0) -> Ngircd:
        """Start the server and wait until it accepts connections."""
        self.write_config()
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen([self.binary, "--nodaemon", "--config", str(self.config)],
                                            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.process.poll() is not None:
                raise RuntimeError(f"ngircd exited with {self.process.returncode}: "
                                   f"{self.log.read_text()[-2000:]}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"ngircd did not listen on port {self.port} within {timeout} s")

    def stop(self) -> None:
        """End the server (every client connection is dropped)."""
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)

    def restart(self) -> None:
        """Stop and start again on the same port."""
        self.stop()
        self.start()

    @property
    def running(self) -> bool:
        """True while the process is alive."""
        return self.process is not None and self.process.poll() is None
