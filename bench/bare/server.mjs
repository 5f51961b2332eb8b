// Serves the bare app's build the way Glow's server serves Glow's: Express 5, gzip
// compression, hashed assets cached for a year, React Router's Express adapter, and
// NODE_ENV=production as Glow runs in the bench.
// Listens on PORT (0 = any free port) and prints "listening on http://HOST:PORT".
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

// React chooses its development or production build by NODE_ENV when it is first loaded,
// so this is set before anything imports it (the imports below are dynamic for that
// reason). A development React renders several times slower: against it, Glow's ratios
// would look better than they are.
process.env.NODE_ENV = "production";
const { createRequestHandler } = await import("@react-router/express");
const { default: compression } = await import("compression");
const { default: express } = await import("express");

const here = path.dirname(fileURLToPath(import.meta.url));
const buildDir = path.resolve(here, "build");
const build = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);

const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use(
  "/assets",
  express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y", index: false }),
);
app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false }));
app.use(createRequestHandler({ build, mode: "production" }));

const host = process.env.HOST ?? "127.0.0.1";
const server = app.listen(Number(process.env.PORT ?? 0), host, () => {
  const address = server.address();
  console.log(`listening on http://${host}:${typeof address === "object" && address ? address.port : ""}`);
});
server.keepAliveTimeout = 65_000;
// A benchmark server: stop at once, even with load still arriving.
const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
