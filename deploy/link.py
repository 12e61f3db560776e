"""A TCP link on loopback that can be cut and mended: the network between one process and
its database, for deploy/faults.py and tests/cluster (the app never imports this file).

Cutting it closes every connection through it and refuses new ones, as a stopped
PgBouncer or PostgreSQL would look from that one process; mending it listens again on
the same port. Two threads a connection copy the bytes; that is plenty for one node's
pool, and far simpler than an event loop.
"""

from __future__ import annotations

import contextlib
import socket
import threading


class Link:
    """127.0.0.1:``port`` forwards to 127.0.0.1:``target`` while it is not cut."""

    def __init__(self, target: int, port: int = 0) -> None:
        self.target = target
        self.port = port
        self._listener: socket.socket | None = None
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()

    def mend(self) -> None:
        """Listen (again): new connections go through."""
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(128)
        self.port = listener.getsockname()[1]
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    start = mend

    def cut(self) -> None:
        """Refuse new connections and end every open one."""
        listener, self._listener = self._listener, None
        if listener is not None:
            _end(listener)
        with self._lock:
            conns, self._open = self._open, set()
        for conn in conns:
            _end(conn)

    close = cut

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return  # cut
            try:
                server = socket.create_connection(("127.0.0.1", self.target), timeout=5)
            except OSError:
                client.close()
                continue
            server.settimeout(None)
            with self._lock:
                if self._listener is not listener:  # cut meanwhile
                    _end(client)
                    _end(server)
                    return
                self._open |= {client, server}
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=self._copy, args=(source, sink), daemon=True).start()

    def _copy(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for conn in (source, sink):  # one side ended: so does the other
            with self._lock:
                self._open.discard(conn)
            _end(conn)


def _end(conn: socket.socket) -> None:
    """Shut down first: that wakes a thread blocked reading it, which close alone may not."""
    with contextlib.suppress(OSError):
        conn.shutdown(socket.SHUT_RDWR)
    conn.close()
