"""The Super Domino room's rules tests (the shared floor's are one folder up)."""
