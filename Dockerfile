# Glow in a container: build with every dependency, run with production ones only.
#   docker build -t glow .
#   docker run -d --name glow -p 127.0.0.1:3000:3000 -v glow-data:/app/data -e PUBLIC_ORIGIN=http://localhost:3000 -e SMS_PROVIDER=console glow
# That tries Glow out at http://localhost:3000, sign-in codes in `docker logs glow`. The port is
# published on loopback only: it is for the reverse proxy on this machine, never the internet
# (behind the proxy, with TRUST_PROXY=1, whoever reached the port directly would be believed
# about X-Forwarded-For). docs/deploy.md: the proxy (deploy/nginx.conf), PostgreSQL, Twilio,
# SMTP and several instances; .ci/container-check builds and runs all of it.

# The base image, pinned to a Node release and a Debian release (decision 1102): a rebuild
# gets the same Node, and an update is a change to these lines that CI builds and checks.
# ── 1. Every dependency (the build needs Vite, React Router's dev tools, Tailwind) ──
FROM node:22.23.3-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# Exactly the lock, or the build fails and says why. The image is linux-x64, the platform
# whose optional binaries (rollup, Tailwind's oxide, esbuild, sharp) the lock holds.
RUN npm ci --no-audit --no-fund

# ── 2. The production build: build/client (assets) and build/server (the Express app) ──
FROM deps AS build
COPY . .
RUN npm run build

# ── 3. Production dependencies only ──
FROM node:22.23.3-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
# TypeScript is a dev dependency that i18next, react-i18next and React Router's node packages
# also name as an optional peer, so --omit=dev keeps it (npm leaves a package that is both dev
# and optional unless --omit=optional, which would also drop sharp's and argon2's platform
# binaries). Nothing loads it at run time (tests/unit/dockerfile.test.ts checks the lock):
# removed, 23 MB lighter.
RUN npm ci --omit=dev --no-audit --no-fund \
    && rm -rf node_modules/typescript \
    && npm cache clean --force

# ── 4. The image: the build, its migrations and the server entry; no sources ──
FROM node:22.23.3-bookworm-slim AS runtime
# GLOW_CONTAINER=1: refuse to start without PUBLIC_ORIGIN, or with the console SMS outbox
# unless SMS_PROVIDER=console says so on purpose (configure Twilio for real sign-in codes);
# seed no demo world (its staff passwords are published) unless SEED_DEMO=1 asks for it.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    GLOW_CONTAINER=1
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json package-lock.json server.js ./
COPY drizzle ./drizzle
# `npm run staff -- add NAME --admin` (with PostgreSQL, or the server stopped: the embedded
# database is one process's); on a new embedded database, STAFF_FIRST_ADMIN does it at start.
COPY scripts/staff.mjs ./scripts/staff.mjs
# The embedded database (DATABASE_URL unset → ./data/glow) lives on a volume the
# unprivileged user can write.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# No curl in slim images: Node's fetch asks /healthz, which never touches the database.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node itself is PID 1 and receives SIGTERM (no shell in between) for a clean stop.
# A larger young generation, as `npm start` gives it (docs/decisions/0042): pages allocate a
# lot that dies at once, and it is collected less often.
CMD ["node", "--max-semi-space-size=64", "server.js"]
