"""Flask-WTF forms, one module per blueprint. They carry CSRF and shape the input; services judge it."""
