"""The WSGI entry point gunicorn serves."""

from . import create_app

app = create_app()
