// Writes public/sounds/story-chime.wav: the story's page-turn chime, a soft two-note bell
// (E6 then B6, each fading out), 0.7 s of 8-bit mono at 8 kHz: about 5.6 KB, self-hosted.
// Run `node scripts/story-chime.mjs` to make it again; the file is committed.
import fs from "node:fs";
import path from "node:path";

const rate = 8000;
const seconds = 0.7;
const samples = Math.round(rate * seconds);
const notes = [
  { hz: 1318.5, at: 0, gain: 0.45 },
  { hz: 1975.5, at: 0.12, gain: 0.35 },
];

const data = Buffer.alloc(samples);
for (let i = 0; i < samples; i++) {
  const t = i / rate;
  let value = 0;
  for (const note of notes) {
    const since = t - note.at;
    if (since < 0) continue;
    // A quick attack and an exponential fade, with a quieter octave for a bell's shimmer.
    const envelope = Math.min(1, since / 0.005) * Math.exp(-since * 7);
    value += note.gain * envelope * (Math.sin(2 * Math.PI * note.hz * since) + 0.3 * Math.sin(4 * Math.PI * note.hz * since));
  }
  data[i] = Math.max(0, Math.min(255, Math.round(128 + 127 * value)));
}

const header = Buffer.alloc(44);
header.write("RIFF", 0);
header.writeUInt32LE(36 + data.length, 4);
header.write("WAVE", 8);
header.write("fmt ", 12);
header.writeUInt32LE(16, 16); // PCM chunk size
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(rate, 24);
header.writeUInt32LE(rate, 28); // bytes per second
header.writeUInt16LE(1, 32); // block align
header.writeUInt16LE(8, 34); // bits per sample
header.write("data", 36);
header.writeUInt32LE(data.length, 40);

const out = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../public/sounds/story-chime.wav");
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, Buffer.concat([header, data]));
console.log(`wrote ${path.relative(process.cwd(), out)} (${header.length + data.length} bytes)`);
