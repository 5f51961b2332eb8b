# Glow in a container: build with every dependency, run with production ones only.
#   docker build -t glow .
#   docker run -p 3000:3000 -v glow-data:/app/data glow
# See docs/deploy.md for the reverse proxy, PostgreSQL and several instances.

# ── 1. Every dependency (the build needs Vite, React Router's dev tools, Tailwind) ──
FROM node:22-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci installs exactly the lock. The lock is written on Glow's development machines,
# whose registry lists only their own platform's optional binaries (rollup, tailwind's
# oxide…); where npm ci finds the lock short of another platform's, npm install
# completes it at the same versions (docs/decisions/0013).
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund

# ── 2. The production build: build/client (assets) and build/server (the Express app) ──
FROM deps AS build
COPY . .
RUN npm run build

# ── 3. Production dependencies only ──
FROM node:22-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN (npm ci --omit=dev --no-audit --no-fund || npm install --omit=dev --no-audit --no-fund) \
    && npm cache clean --force

# ── 4. The image: the build, its migrations and the server entry; no sources ──
FROM node:22-slim AS runtime
# GLOW_CONTAINER=1: refuse to start with the console SMS outbox unless SMS_PROVIDER=console
# says so on purpose (configure Twilio for real sign-in codes).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    GLOW_CONTAINER=1
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json package-lock.json server.js ./
COPY drizzle ./drizzle
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
