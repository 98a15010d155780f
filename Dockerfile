# Tapis: python -m bot in a slim image, as a non-root user, data in /app/data.
# The same image runs the web companion with another command (see docs/web.md):
#   docker run --env-file .env -e WEB_HOST=0.0.0.0 -p 8080:8080 -v tapis-data:/app/data tapis python -m web
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
COPY web ./web
RUN pip install . && useradd --create-home --uid 10001 tapis && mkdir -p /app/data \
    && chown tapis:tapis /app/data

USER tapis
VOLUME ["/app/data"]
EXPOSE 8080
CMD ["python", "-m", "bot"]
