# One container: the compiled CommonCents binary on a slim base, run as a non-root user, with Litestream
# replicating /data/commoncents.db when LITESTREAM_REPLICA_URL is set.
#   docker build -t commoncents .
#   docker run -p 3000:3000 -v commoncents-data:/data -e LITESTREAM_REPLICA_URL=s3://bucket/commoncents commoncents

FROM oven/bun:1.4.5 AS build
WORKDIR /app
COPY package.json bun.lock ./
RUN bun install --frozen-lockfile
COPY . .
RUN bun scripts/build.ts

# Litestream, pinned by version and by the SHA-256 of its release archive (from the release's checksums).
# 0.5.17 is the first release whose bundled SQLite (3.53.0) has the WAL-reset fix (SQLite 3.51.3+).
FROM debian:bookworm-slim AS litestream
ARG LITESTREAM_VERSION=0.5.17
ARG LITESTREAM_SHA256_AMD64=cfb371176d164437ae869f8351cfde49bd1804ae71c61923f75c9cba9c9c006d
ARG LITESTREAM_SHA256_ARM64=f8ca4a050095c1efbda2c4365172e61bf9d955ea0d9ac42f448b52e51819baa5
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates curl \
  && rm -rf /var/lib/apt/lists/*
RUN set -eu; \
  arch="$(dpkg --print-architecture)"; \
  case "$arch" in \
    amd64) asset=x86_64; sum="$LITESTREAM_SHA256_AMD64" ;; \
    arm64) asset=arm64; sum="$LITESTREAM_SHA256_ARM64" ;; \
    *) echo "no pinned Litestream build for $arch" >&2; exit 1 ;; \
  esac; \
  curl -fsSL -o /tmp/litestream.tar.gz \
    "https://github.com/benbjohnson/litestream/releases/download/v${LITESTREAM_VERSION}/litestream-${LITESTREAM_VERSION}-linux-${asset}.tar.gz"; \
  echo "${sum}  /tmp/litestream.tar.gz" | sha256sum -c -; \
  tar -xzf /tmp/litestream.tar.gz -C /usr/local/bin litestream; \
  /usr/local/bin/litestream version

FROM debian:bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates curl \
  && rm -rf /var/lib/apt/lists/* \
  && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin commoncents \
  && mkdir -p /data && chown commoncents:commoncents /data
COPY --from=litestream /usr/local/bin/litestream /usr/local/bin/litestream
COPY --from=build /app/dist/commoncents /usr/local/bin/commoncents
COPY litestream.yml /etc/litestream.yml
COPY scripts/docker-entrypoint /usr/local/bin/docker-entrypoint
ENV DATA_DIR=/data PORT=3000 NODE_ENV=production LITESTREAM_CONFIG=/etc/litestream.yml
VOLUME /data
USER commoncents
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s --retries=3 \
  CMD curl -fsS "http://127.0.0.1:${PORT}/api/health" >/dev/null || exit 1
# Signals reach the entrypoint's exec'd process (Litestream, which forwards them to the server).
STOPSIGNAL SIGTERM
ENTRYPOINT ["docker-entrypoint"]
CMD ["serve"]
