"""Rules-engine tests: no app, no database."""
