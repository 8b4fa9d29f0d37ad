"""What can be wrong with a photo, each with a reason a player can act on.

The reasons are plain English; the web floor says them in the player's language by the error's class (this
package stays free of Flask so the command line and the benchmark use it as it is).
"""

from __future__ import annotations


class PhotoError(ValueError):
    """A photo that cannot be counted; ``reason`` tells the player what is wrong and what to do."""

    reason = "This photo cannot be counted. Take another photo of the tiles, face up."

    def __init__(self, reason: str | None = None) -> None:
        super().__init__(reason or self.reason)
        if reason:
            self.reason = reason


class NotAnImage(PhotoError):
    """The file is no picture Pillow can read (a PDF, a text file, an empty upload)."""

    reason = "This file is not a photo. Choose a JPEG or PNG photo of the tiles."


class TruncatedImage(PhotoError):
    """The picture stops before its end (an upload cut short)."""

    reason = "This photo arrived incomplete. Take it or send it again."


class TooManyPixels(PhotoError):
    """More pixels than Pillow's bomb guard allows: a decompression bomb, or an absurd panorama."""

    reason = "This picture has far too many pixels. Send a normal phone photo of the tiles."


class TooLarge(PhotoError):
    """More bytes than :data:`MAX_PHOTO_BYTES`."""

    reason = "This photo is larger than 15 MB. Take it at a lower resolution or send a smaller copy."


class NoTiles(PhotoError):
    """The photo decoded, but no domino was found in it."""

    reason = "No tiles were found in this photo. Lay the tiles face up in good light and photograph them from above."
