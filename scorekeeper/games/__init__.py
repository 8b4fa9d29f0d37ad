"""One package per game: what differs between games at house level."""
