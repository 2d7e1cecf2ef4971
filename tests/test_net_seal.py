"""The sealed session as docs/PROTOCOL.md words it, so another client can be written from that page alone."""

from __future__ import annotations

import hashlib
import subprocess
import sys

import pytest
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

from net.protocol import ProtocolError
from net.session import Sealer


def test_a_sealed_message_is_chacha20_poly1305_under_the_documented_key_and_counter_nonce() -> None:
    """`sealed`: ChaCha20-Poly1305 under BLAKE2b(key, "guest to host"), nonce = `n` as 12 big-endian bytes."""
    key = bytes(range(32))
    guest, host = Sealer(key, host=False), Sealer(key, host=True)
    guest.seal(b"first")  # n = 0
    sealed = guest.seal(b"a hello")
    assert sealed["n"] == 1
    to_host = ChaCha20Poly1305(hashlib.blake2b(b"guest to host", key=key, digest_size=32).digest())
    assert to_host.decrypt((1).to_bytes(12, "big"), sealed["box"], None) == b"a hello"
    # and the other way: a message sealed by hand as the page says opens at the guest
    to_guest = ChaCha20Poly1305(hashlib.blake2b(b"host to guest", key=key, digest_size=32).digest())
    assert guest.open({"t": "sealed", "n": 0, "box": to_guest.encrypt(bytes(12), b"welcome", None)}) == b"welcome"
    assert host.open(guest.seal(b"in order")) == b"in order"


def test_a_sealed_message_altered_replayed_or_reflected_does_not_open() -> None:
    guest, host = Sealer(b"k" * 32, host=False), Sealer(b"k" * 32, host=True)
    sealed = guest.seal(b"ping")
    assert host.open(sealed) == b"ping"
    with pytest.raises(ProtocolError):
        host.open(sealed)  # again
    later = guest.seal(b"pong")
    with pytest.raises(ProtocolError):
        host.open({**later, "box": later["box"][:-1] + bytes([later["box"][-1] ^ 1])})  # altered
    with pytest.raises(ProtocolError):
        guest.open(guest.seal(b"mine"))  # reflected back: the other direction's key


def test_the_network_needs_one_crypto_library() -> None:
    """PyNaCl is gone: the session, the guest and the host load without it (spake2 needs `cryptography`)."""
    code = "import sys, net.host, net.guest, net.session; print('nacl' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == "False"
