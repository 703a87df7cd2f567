"""``python -m bot odds``: the exact odds of a battle from the command line, in English and
Chinese, and a clear refusal of a battle the rules do not allow."""

from __future__ import annotations

import pytest

from bot.cli import main


def test_one_infantry_against_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--attack", "inf=1", "--defend", "infantry=1", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "attacker wins   25.00%" in out  # 1/4, worked out in test_odds.py
    assert "defender wins   62.50%" in out
    assert "draw            12.50%" in out
    assert "rounds on average 2.25" in out


def test_chinese_and_a_sea_battle(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["odds", "--sea", "--attack", "sub=2", "--defend", "tt=2", "--lang", "zh"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "海上战斗" in out and "100.00%" in out and "潜水艇" in out


def test_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--attack", "bb=1", "--defend", "inf=1", "--lang", "en"]) == 2
    assert "Refused: attacker: battleship cannot fight a land battle" in capsys.readouterr().out
    assert main(["odds", "--attack", "zeppelin=1", "--defend", "inf=1", "--lang", "en"]) == 2
    assert "unknown unit 'zeppelin'" in capsys.readouterr().out
