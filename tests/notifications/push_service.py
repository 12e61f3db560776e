"""A small Web Push service on 127.0.0.1 for the tests: it takes the encrypted POST as a real one.

It checks what RFC 8030/8291/8292 ask of a sender (a TTL, ``Content-Encoding:
aes128gcm``, a VAPID ``Authorization: vapid t=…, k=…`` whose ES256 signature
verifies with the key it names and whose audience is this service's origin),
decrypts the body with the subscription's private key (the browser's half),
and answers the status the test chose: 201 Created, or 410 Gone.
"""

from __future__ import annotations

import base64
import json
import os
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Browser:
    """A browser's half of a subscription: a P-256 key pair and the auth secret."""

    private_key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    def keys(self) -> dict[str, str]:
        point = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {"p256dh": b64url(point), "auth": b64url(self.auth)}


def vapid_pair() -> tuple[str, str]:
    """A site's VAPID key pair as docs/operations.md's variables hold it (base64url raw / point)."""
    key = ec.generate_private_key(ec.SECP256R1())
    private = b64url(key.private_numbers().private_value.to_bytes(32, "big"))
    public = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return private, b64url(public)


@dataclass
class Received:
    headers: dict[str, str]
    payload: dict[str, Any]
    vapid_claims: dict[str, Any]


class PushService:
    """``with PushService(browser, status) as service:``; ``service.url`` is its endpoint."""

    def __init__(self, browser: Browser, status: int = 201) -> None:
        self.browser, self.status = browser, status
        self.received: list[Received] = []
        self.errors: list[str] = []
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.origin = f"http://127.0.0.1:{self._server.server_address[1]}"
        self.url = f"{self.origin}/push/abc123"

    def __enter__(self) -> PushService:
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                try:
                    service.received.append(service.check(dict(self.headers), body))
                except Exception as exc:  # noqa: BLE001 - reported to the test, answered 400
                    service.errors.append(repr(exc))
                    self.send_response(400)
                    self.end_headers()
                    return
                self.send_response(service.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        return Handler

    def check(self, headers: dict[str, str], body: bytes) -> Received:
        lower = {k.lower(): v for k, v in headers.items()}
        assert int(lower["ttl"]) > 0
        assert lower["content-encoding"] == "aes128gcm"
        scheme, _, params = lower["authorization"].partition(" ")
        assert scheme == "vapid"
        parts = dict(p.strip().split("=", 1) for p in params.split(","))
        claims = self._verified_jwt(parts["t"], parts["k"])
        assert claims["aud"] == self.origin
        assert claims["sub"].startswith("mailto:")
        plain = http_ece.decrypt(
            body, private_key=self.browser.private_key, auth_secret=self.browser.auth,
            version="aes128gcm",
        )
        return Received(lower, json.loads(plain), claims)

    @staticmethod
    def _verified_jwt(token: str, public: str) -> dict[str, Any]:
        head, claims, signature = token.split(".")
        key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(public))
        raw = unb64url(signature)
        der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
        key.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
        assert json.loads(unb64url(head))["alg"] == "ES256"
        return json.loads(unb64url(claims))
