// Writes public/icons/glow-192.png and glow-512.png: the app's icons for the web app
// manifest (public/manifest.webmanifest), drawn from public/favicon.svg on the night-sky
// colour of the dark theme, with room around the glow for masks that round the corners.
// Run `node scripts/app-icons.mjs` to make them again; the files are committed.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const favicon = fs.readFileSync(path.join(root, "public/favicon.svg"));

for (const size of [192, 512]) {
  const glow = await sharp(favicon, { density: 72 * (size / 64) * 0.8 })
    .resize(Math.round(size * 0.8))
    .png()
    .toBuffer();
  const out = path.join(root, `public/icons/glow-${size}.png`);
  await sharp({ create: { width: size, height: size, channels: 4, background: "#0f172a" } })
    .composite([{ input: glow, gravity: "center" }])
    .png({ compressionLevel: 9, palette: true })
    .toFile(out);
  console.log(`wrote ${path.relative(root, out)} (${fs.statSync(out).size} bytes)`);
}
