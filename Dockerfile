# Tapis: python -m bot in a slim image, as a non-root user, data in /app/data.
# The same image runs the web companion with another command (see docs/web.md); it listens
# on every interface of the container, on WEB_PORT (8080):
#   docker run --env-file .env -p 8080:8080 -v tapis-data:/app/data tapis python -m web
# docker-compose.yml runs it with PostgreSQL, one container per shard process.

# The Activity's page (activity/, docs/web.md): type-checked and bundled with the npm
# packages package-lock.json pins; only the bundle goes into the image.
FROM node:20-slim AS activity
WORKDIR /activity
COPY activity/package.json activity/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY activity/tsconfig.json ./
COPY activity/src ./src
RUN npm run -s check && npm run -s build

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    HEARTBEAT_FILE=/tmp/tapis-heartbeat \
    WEB_HOST=0.0.0.0 \
    ACTIVITY_HOST=0.0.0.0

WORKDIR /app
COPY pyproject.toml README.md ./
COPY games ./games
COPY bot ./bot
COPY db ./db
COPY art ./art
COPY web ./web
COPY workers ./workers
COPY activity/index.html activity/activity.css ./activity/
COPY --from=activity /activity/dist ./activity/dist
RUN pip install . && useradd --create-home --uid 10001 tapis && mkdir -p /app/data \
    && chown tapis:tapis /app/data

USER tapis
VOLUME ["/app/data"]
EXPOSE 8080
# Fits the process the container runs (bot/health.py): the bot is healthy while it touches
# its heartbeat, which it does only while every shard of the process is connected to
# Discord's gateway; the web (python -m web) while it answers on its port.
HEALTHCHECK --interval=30s --timeout=10s --start-period=90s --retries=3 \
    CMD ["python", "-m", "bot.health"]
CMD ["python", "-m", "bot"]
