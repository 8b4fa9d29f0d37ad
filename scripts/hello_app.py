"""The floor the web benchmark measures against: a Flask app that answers "Hello" and does nothing else."""

from flask import Flask

app = Flask(__name__)


@app.get("/")
def hello() -> str:
    return "Hello"
