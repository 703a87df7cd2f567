"""compose.yaml cannot run here (no Docker engine): check by reading that every REFEREE_ setting
it sets exists, and that it runs PostgreSQL and one bot process per shard."""

from __future__ import annotations

import re
from pathlib import Path

from bot.settings import Settings

COMPOSE = (Path(__file__).resolve().parents[1] / "compose.yaml").read_text(encoding="utf-8")


def test_every_setting_compose_sets_exists() -> None:
    names = set(re.findall(r"\bREFEREE_([A-Z_]+):", COMPOSE))
    assert names >= {"DATABASE", "SHARD_COUNT", "SHARD_IDS", "TOKEN"}
    fields = {name.upper() for name in Settings.model_fields}
    assert not names - fields, f"compose.yaml sets unknown settings: {names - fields}"


def test_two_shards_on_postgres() -> None:
    assert "image: postgres:" in COMPOSE and "pg_isready" in COMPOSE
    count = int(re.search(r'REFEREE_SHARD_COUNT: "(\d+)"', COMPOSE).group(1))  # type: ignore[union-attr]
    ids = sorted(int(i) for i in re.findall(r'REFEREE_SHARD_IDS: "(\d+)"', COMPOSE))
    assert ids == list(range(count)) == [0, 1]
    assert re.search(r"REFEREE_DATABASE: postgresql://", COMPOSE)
    assert COMPOSE.count("condition: service_healthy") >= 1 and "healthcheck:" in COMPOSE
    settings = Settings(database="postgresql://u@h/db", shard_count=count, shard_ids="1")
    assert settings.shard_ids == (1,)
