"""The LAN session: SPAKE2 keyed by the join code (or a session token), then every message sealed.

The join code has only 10,000 values, so it must never be sent nor checkable offline. The guest and
the host each run one side of SPAKE2 (the `spake2` package, the exchange magic-wormhole uses) with
the code as the password: each sends one group element, each derives a 32-byte key, and the keys
agree only if both used the same code. Someone without the code, a fake host included, learns
nothing it could test guesses against: each exchange is one online guess. The host proves it knows
the key first (`proof`, an HMAC of it): a guest that checks it knows it reached a host showing its
code. The guest proves it second, by its first sealed message opening under the key.

A reconnecting guest has a session token (128 random bits, sent only sealed): it runs the same
exchange with the token as the password and names it by `ref`, a hash that reveals nothing of it,
so rejoining needs no code and a token never crosses the network readable.

After the exchange every message is sealed with ChaCha20-Poly1305 (the AEAD of `cryptography`, which
`spake2` already pulls in: one crypto library, not two), one key per direction, the nonce a counter
that must grow: a message altered, replayed, reordered or reflected back does not open.
"""

from __future__ import annotations

import hashlib
import hmac

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from spake2 import SPAKE2_A, SPAKE2_B

from .messages import Sealed
from .protocol import PROTOCOL_VERSION, ProtocolError

_GUEST = f"battleline guest {PROTOCOL_VERSION}".encode()
_HOST = f"battleline host {PROTOCOL_VERSION}".encode()
PAKE_BYTES = 33  # a SPAKE2 message: one side byte and one Ed25519 element
NONCE_BYTES = 12  # ChaCha20-Poly1305's nonce: the message counter, big-endian


def by_code(code: str) -> bytes:
    """The SPAKE2 password of a join code."""
    return b"code:" + code.encode("utf-8", "surrogatepass")


def by_token(token: str) -> bytes:
    """The SPAKE2 password of a session token."""
    return b"token:" + token.encode("utf-8", "surrogatepass")


def token_ref(token: str) -> bytes:
    """What names a token in the clear: a keyed hash of it, useless for finding the token."""
    return hashlib.blake2b(token.encode("utf-8", "surrogatepass"), digest_size=16, person=b"bl-token-ref").digest()


def _derive(key: bytes, label: bytes) -> bytes:
    return hashlib.blake2b(label, key=key, digest_size=32).digest()


def _proof(key: bytes) -> bytes:
    return hmac.new(_derive(key, b"proof"), b"the host knows the password", hashlib.sha256).digest()


class Sealer:
    """Both directions of one session: seal what we send, open what we receive (counters as nonces)."""

    def __init__(self, key: bytes, *, host: bool) -> None:
        to_host = ChaCha20Poly1305(_derive(key, b"guest to host"))
        to_guest = ChaCha20Poly1305(_derive(key, b"host to guest"))
        self._out, self._in = (to_guest, to_host) if host else (to_host, to_guest)
        self._sent = 0
        self._seen = -1

    def seal(self, plain: bytes) -> Sealed:
        """A `sealed` message carrying `plain`."""
        n = self._sent
        self._sent += 1
        box = self._out.encrypt(n.to_bytes(NONCE_BYTES, "big"), plain, None)
        return {"t": "sealed", "n": n, "box": box}

    def open(self, message: Sealed) -> bytes:
        """The plain bytes of a `sealed` message; ProtocolError if it does not open or comes again."""
        n, box = message["n"], message["box"]
        if n <= self._seen:
            raise ProtocolError("a sealed message came again or out of order")
        try:
            plain: bytes = self._in.decrypt(n.to_bytes(NONCE_BYTES, "big"), box, None)
        except (InvalidTag, ValueError, TypeError, OverflowError):
            raise ProtocolError("a sealed message did not open: not this session's key") from None
        self._seen = n
        return plain


class GuestExchange:
    """The guest's side: `start` gives the first message; `finish` checks the host's proof."""

    def __init__(self, password: bytes) -> None:
        self._spake = SPAKE2_A(password, idA=_GUEST, idB=_HOST)
        self.message: bytes = self._spake.start()

    def finish(self, reply: bytes, proof: bytes) -> Sealer | None:
        """The session, or None when the host did not prove the same password (a wrong code, or not
        the host showing it)."""
        try:
            key = self._spake.finish(reply)
        except Exception:  # spake2 raises several kinds for a bad element; all mean "not ours"
            return None
        if not hmac.compare_digest(proof, _proof(key)):
            return None
        return Sealer(key, host=False)


def host_exchange(password: bytes, theirs: bytes) -> tuple[bytes, bytes, Sealer] | None:
    """The host's side, in one step: (its message, its proof, the session), or None for a guest
    message that is not a valid SPAKE2 element."""
    spake = SPAKE2_B(password, idA=_GUEST, idB=_HOST)
    mine = spake.start()
    try:
        key = spake.finish(theirs)
    except Exception:  # as above
        return None
    return mine, _proof(key), Sealer(key, host=True)


def vouch(key: bytes, address: str, message: bytes) -> bytes:
    """The phone bridge's word that the exchange `message` comes from a phone at `address`: an HMAC under
    the key the host gave its bridge, so the host's admission decides per phone, not for the bridge."""
    said = b"battleline phone at " + address.encode("utf-8") + b"|" + message
    return hmac.new(key, said, hashlib.sha256).digest()[:16]
