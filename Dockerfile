# Tapis: python -m bot in a slim image, as a non-root user, data in /app/data.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1

WORKDIR /app
COPY pyproject.toml README.md ./
COPY games ./games
COPY bot ./bot
COPY db ./db
COPY art ./art
RUN pip install . && useradd --create-home --uid 10001 tapis && mkdir -p /app/data \
    && chown tapis:tapis /app/data

USER tapis
VOLUME ["/app/data"]
CMD ["python", "-m", "bot"]
