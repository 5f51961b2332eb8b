import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// Nothing but React Router: the smallest app Glow's pages are measured against.
export default defineConfig({
  plugins: [reactRouter()],
});
