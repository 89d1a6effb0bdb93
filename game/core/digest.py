"""A SHA-256 digest without OpenSSL: Python's own module when it has one (as ``random`` takes its
SHA-512), since ``hashlib`` maps OpenSSL's libcrypto (3.3 MB resident, for the whole session) for a
digest or two (a finished game's identity, the map a game is played on)."""

from __future__ import annotations


def sha256_hex(data: bytes) -> str:
    try:
        from _sha256 import sha256  # Python 3.11
    except ImportError:
        try:
            from _sha2 import sha256  # Python 3.12 and later
        except ImportError:
            from hashlib import sha256
    return sha256(data).hexdigest()
