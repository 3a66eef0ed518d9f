# Sketch of the one-container deployment; the shipping issue completes it (Litestream with a pinned
# checksum, the restore-then-replicate entrypoint). Build: docker build -t commoncents .
FROM oven/bun:1.4.5 AS build
WORKDIR /app
COPY package.json bun.lock ./
RUN bun install --frozen-lockfile
COPY . .
RUN bun scripts/build.ts

FROM debian:bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates curl \
  && rm -rf /var/lib/apt/lists/* \
  && useradd --system --uid 10001 --home /data commoncents \
  && mkdir -p /data && chown commoncents /data
COPY --from=build /app/dist/commoncents /usr/local/bin/commoncents
COPY litestream.yml /etc/litestream.yml
ENV DATA_DIR=/data PORT=3000 NODE_ENV=production
VOLUME /data
USER commoncents
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD curl -fsS http://127.0.0.1:3000/api/health || exit 1
ENTRYPOINT ["commoncents"]
CMD ["serve"]
