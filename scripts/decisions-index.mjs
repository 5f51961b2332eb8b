// Writes docs/decisions/README.md: what the decision records are, their header, and a table
// of every record. `npm run decisions` runs it; tests/unit/decision-records.test.ts checks
// the records' headers, their supersession links, and that the index is what this writes.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const DECISIONS_DIR = path.join(root, "docs", "decisions");
export const INDEX_FILE = path.join(DECISIONS_DIR, "README.md");

/** A record's file: four digits, a dash, a slug. */
export const RECORD_FILE = /^(\d{4})-[a-z0-9-]+\.md$/;

// The title follows the number after one space: no dash between them.
const TITLE = /^# (\d{4}) ([^\s—–-].*)$/;
const STATUS = /^Status: (Accepted|Proposed|Superseded by (\d{4}(?:, \d{4})*))$/;
const DATE = /^Date: (\d{4}-\d{2}-\d{2})$/;
// Each superseded number may carry a note on which part it replaces: "0019 (its plain links)".
const SUPERSEDES = /^Supersedes: (—|\d{4}(?: \([^()]+\))?(?:, \d{4}(?: \([^()]+\))?)*)$/;

/**
 * @typedef {object} DecisionRecord
 * @property {string} file          the file's name, e.g. "0500-not-found-page.md"
 * @property {string} number        "0500"
 * @property {string} title         the title after the number
 * @property {string} status        "Accepted", "Proposed" or "Superseded by 0521, 0522"
 * @property {string[]} supersededBy the numbers in a "Superseded by" status
 * @property {string} date          YYYY-MM-DD
 * @property {string} supersedesText the Supersedes line's value as written ("—" for none)
 * @property {string[]} supersedes  the numbers it supersedes
 */

/**
 * Reads one record's header. Throws, naming the file and the line, when the record does not
 * open with "# NNNN Title", a blank line, Status, Date and Supersedes, a blank line and a body.
 * @param {string} file
 * @param {string} text
 * @returns {DecisionRecord}
 */
export function parseRecord(file, text) {
  const fileMatch = RECORD_FILE.exec(file);
  if (!fileMatch) throw new Error(`${file}: a record's file is named NNNN-slug.md`);
  const lines = text.split("\n");
  /** @param {number} i @param {RegExp} re @param {string} want */
  const line = (i, re, want) => {
    const m = re.exec(lines[i] ?? "");
    if (!m) throw new Error(`${file}: line ${i + 1} should be ${want}, not ${JSON.stringify(lines[i] ?? "")}`);
    return m;
  };
  const blank = (/** @type {number} */ i) => {
    if (lines[i] !== "") throw new Error(`${file}: line ${i + 1} should be blank, not ${JSON.stringify(lines[i] ?? "")}`);
  };
  const title = line(0, TITLE, '"# NNNN Title"');
  if (title[1] !== fileMatch[1]) throw new Error(`${file}: the title's number ${title[1]} is not the file's ${fileMatch[1]}`);
  blank(1);
  const status = line(2, STATUS, '"Status: Accepted", "Status: Proposed" or "Status: Superseded by NNNN[, NNNN]"');
  const date = line(3, DATE, '"Date: YYYY-MM-DD"');
  const supersedes = line(4, SUPERSEDES, '"Supersedes: —" or "Supersedes: NNNN[, NNNN]"');
  blank(5);
  if (!lines.slice(6).some((l) => l.trim() !== "")) throw new Error(`${file}: the record has no body`);
  return {
    file,
    number: title[1],
    title: title[2],
    status: status[1],
    supersededBy: status[2] ? status[2].split(", ") : [],
    date: date[1],
    supersedesText: supersedes[1],
    supersedes: supersedes[1] === "—" ? [] : [...supersedes[1].matchAll(/\b\d{4}\b(?![^()]*\))/g)].map((m) => m[0]),
  };
}

/** Every record file in the folder, sorted by name. */
export function recordFiles(dir = DECISIONS_DIR) {
  return fs
    .readdirSync(dir)
    .filter((f) => f !== "README.md" && f.endsWith(".md"))
    .sort();
}

/**
 * Every record, by file name.
 * @returns {DecisionRecord[]}
 */
export function readRecords(dir = DECISIONS_DIR) {
  return recordFiles(dir).map((f) => parseRecord(f, fs.readFileSync(path.join(dir, f), "utf8")));
}

/**
 * What is wrong between records: shared numbers, and supersession that only one side says.
 * @param {DecisionRecord[]} records
 * @returns {string[]}
 */
export function linkProblems(records) {
  const problems = [];
  /** @type {Map<string, DecisionRecord>} */
  const byNumber = new Map();
  for (const r of records) {
    const other = byNumber.get(r.number);
    if (other) problems.push(`${r.file} and ${other.file} share the number ${r.number}`);
    else byNumber.set(r.number, r);
  }
  for (const r of records) {
    for (const n of r.supersededBy) {
      const newer = byNumber.get(n);
      if (!newer) problems.push(`${r.file} is "Superseded by ${n}", but there is no record ${n}`);
      else if (!newer.supersedes.includes(r.number))
        problems.push(`${r.file} is "Superseded by ${n}", but ${newer.file}'s Supersedes line does not list ${r.number}`);
    }
    for (const n of r.supersedes) {
      const older = byNumber.get(n);
      if (!older) problems.push(`${r.file} supersedes ${n}, but there is no record ${n}`);
      else if (!older.supersededBy.includes(r.number))
        problems.push(`${r.file} supersedes ${n}, but ${older.file}'s status is "${older.status}", not "Superseded by … ${r.number}"`);
    }
  }
  return problems;
}

/** @param {string} text */
const cell = (text) => text.replace(/\|/g, "\\|").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The index README's text for these records.
 * @param {DecisionRecord[]} records
 * @returns {string}
 */
export function renderIndex(records) {
  const sorted = [...records].sort((a, b) => a.number.localeCompare(b.number) || a.file.localeCompare(b.file));
  const files = new Map(sorted.map((r) => [r.number, r.file]));
  /** Record numbers in a status or supersedes text become links to their files. */
  const linked = (/** @type {string} */ text) =>
    cell(text).replace(/\b\d{4}\b/g, (n) => (files.has(n) ? `[${n}](${files.get(n)})` : n));
  const rows = sorted.map(
    (r) => `| ${r.number} | [${cell(r.title)}](${r.file}) | ${linked(r.status)} | ${r.date} | ${linked(r.supersedesText)} |`,
  );
  return `<!-- Written by scripts/decisions-index.mjs (npm run decisions). Do not edit by hand. -->

# Decision records

Each file here records one decision about how Glow is built: what was decided, why, and
what follows from it. A record is short and numbered (\`NNNN-slug.md\`), and every record
opens with the same header:

\`\`\`
# NNNN Title

Status: Accepted            (or "Superseded by NNNN[, NNNN]", or "Proposed")
Date: YYYY-MM-DD            (the day the record was first committed)
Supersedes: —               (or the numbers it supersedes, e.g. "0101, 0109")
\`\`\`

then a blank line and the body.

A record that stops being true is superseded, never appended to: a new record says what
holds now and lists the old one in its \`Supersedes\` line, and the old record's status
becomes \`Superseded by\` the new one. Its body stays as it was, as the history of why.

This index is written by \`npm run decisions\` (\`scripts/decisions-index.mjs\`); run it
after adding or changing a record. \`tests/unit/decision-records.test.ts\` checks every
header, that both sides of each supersession say so, and that this file is current.

| Number | Title | Status | Date | Supersedes |
|---|---|---|---|---|
${rows.join("\n")}
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const records = readRecords();
  const problems = linkProblems(records);
  for (const p of problems) console.warn(`decisions: ${p}`);
  fs.writeFileSync(INDEX_FILE, renderIndex(records));
  console.log(`decisions: wrote ${path.relative(root, INDEX_FILE)} (${records.length} records)`);
  if (problems.length > 0) process.exitCode = 1;
}
