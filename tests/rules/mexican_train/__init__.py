"""The Mexican Train room's rules tests (the shared floor's are one folder up)."""
