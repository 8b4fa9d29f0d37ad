"""`scorekeeper count PHOTO [--set 12] [--json]`: the tiles and the total, or the API's JSON; a photo that cannot be
counted prints the reason (the API's sentence) on standard error and exits with 2."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from PIL import Image

from scorekeeper.cli import main
from scorekeeper.photo import count_pips
from scorekeeper.photo.synth import render
from tests.web.test_count_photo import dev_photo, plain_table


def counted(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["count", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_the_tiles_and_the_total_are_printed(capsys: pytest.CaptureFixture[str]) -> None:
    path = dev_photo("dev01.jpg")
    status, out, err = counted(capsys, str(path))
    assert status == 0 and not err
    lines = out.splitlines()
    answer = json.loads(counted(capsys, str(path), "--json")[1])
    assert len(lines) == len(answer["tiles"]) + 1
    for line, (a, b) in zip(lines, answer["tiles"], strict=False):
        assert line.split()[:2] == [f"{a}-{b}", str(a + b)]
    assert lines[-1].startswith(f"Total: {answer['total']} pips")


def test_a_synthetic_hand_prints_each_tile_and_the_total(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Never skipped: a drawn hand, printed as the counter reads it."""
    drawn = render(27, width=1200, tiles=((12, 5), (6, 3), (9, 9), (4, 0)), face="black", background="cloth")
    path = tmp_path / "hand.jpg"
    path.write_bytes(drawn.jpeg)
    reading = count_pips(drawn.jpeg)
    status, out, err = counted(capsys, str(path))
    assert status == 0 and not err
    lines = out.splitlines()
    assert reading.tiles and [line.split()[0] for line in lines[:-1]] == [f"{a}-{b}" for a, b in reading.tiles]
    assert lines[-1].startswith(f"Total: {reading.total} pips in {len(reading.tiles)} tile")


def test_json_is_what_the_api_answers(capsys: pytest.CaptureFixture[str]) -> None:
    path = dev_photo("dev01.jpg")
    status, out, _ = counted(capsys, str(path), "--json", "--set", "9")
    assert status == 0
    body = json.loads(out)
    assert list(body) == ["total", "tiles", "boxes", "set", "width", "height"]
    assert body["set"] == 9 and body["total"] == sum(a + b for a, b in body["tiles"])
    with Image.open(path) as image:
        assert (body["width"], body["height"]) == image.size


def test_a_photo_from_standard_input(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    path = dev_photo("dev01.jpg")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(path.read_bytes())))
    status, out, _ = counted(capsys, "-", "--json")
    assert status == 0 and json.loads(out) == json.loads(counted(capsys, str(path), "--json")[1])


def test_a_file_that_is_no_photo_prints_why_and_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("Ana 12, Ben 30")
    status, out, err = counted(capsys, str(text))
    assert (status, out) == (2, "")
    assert "not a photo" in err and "JPEG" in err


def test_a_photo_with_no_tiles_prints_why_and_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    table = tmp_path / "table.jpg"
    table.write_bytes(plain_table())
    status, out, err = counted(capsys, str(table), "--json")
    assert (status, out) == (2, "")
    assert "No tiles" in err


def test_a_missing_file_and_a_wrong_set_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = counted(capsys, str(tmp_path / "nope.jpg"))
    assert status == 2 and "cannot read" in err and "No such file" in err
    table = tmp_path / "table.jpg"
    table.write_bytes(plain_table())
    status, out, err = counted(capsys, str(table), "--set", "20")
    assert (status, out) == (2, "") and "6 to 18" in err
