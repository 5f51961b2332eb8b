import type { Config } from "@react-router/dev/config";

export default {
  // Server-first: every screen renders on the server and works before JavaScript loads.
  ssr: true,
  // GLOW_BUILD_DIR lets tests and benchmarks build side by side without clobbering.
  buildDirectory: process.env.GLOW_BUILD_DIR ?? "build",
  routeDiscovery: { mode: "initial" },
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_passThroughRequests: true,
    v8_viteEnvironmentApi: false,
  },
} satisfies Config;
