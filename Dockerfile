# The referee bot. Build: docker build -t wargame-referee .
# Run:   docker run -e REFEREE_TOKEN=... -v referee-data:/data wargame-referee
FROM python:3.11-slim

# Maps and messages carry Chinese text.
RUN apt-get update \
 && apt-get install -y --no-install-recommends fonts-noto-cjk \
 && rm -rf /var/lib/apt/lists/*

RUN useradd --create-home --uid 10001 referee \
 && mkdir /data && chown referee:referee /data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY rendering ./rendering
COPY data ./data
# A normal install (the wheel carries the migrations); game data stays in /app/data.
# EXTRAS=postgres adds the PostgreSQL driver (compose.yaml builds with it).
ARG EXTRAS=postgres
RUN pip install --no-cache-dir ".[${EXTRAS}]"

ENV REFEREE_DATABASE=/data/referee.sqlite3 \
    REFEREE_DATA_DIR=/app/data \
    PYTHONUNBUFFERED=1
VOLUME ["/data"]
USER referee
CMD ["wargame-referee", "run"]
