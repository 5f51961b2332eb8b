import type { Config } from "@react-router/dev/config";

// The benchmark's baseline: React Router's own defaults, server rendering on.
export default {
  ssr: true,
} satisfies Config;
