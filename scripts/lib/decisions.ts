import fs from 'node:fs';
import path from 'node:path';

/**
 * The rules of docs/decisions (its README says them to people): one `NNNN-slug.md` per decision, numbered in the
 * order decided, each with its title, date, status and three sections; a superseded record points at a record that
 * exists and says "Supersedes" back; the index lists every record once, newest first, with its status.
 * `new-*.md` files are records written in other branches and not numbered yet: they are counted, not checked.
 */
const RECORD_FILE = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const PENDING_FILE = /^new-[^/]+\.md$/;
const TITLE = /^# (\d{4})\. (.+\(issue \d+.*)$/;
const DATE = /^Date: (\d{4}-\d{2}-\d{2})$/;
const STATUS = /^Status: (accepted|superseded by \[(\d{4})\]\((\d{4}-[^)]+\.md)\))$/;
const RELATION = /^(Supersedes|Amends|Amended by): (.+)$/;
const RECORD_LINK = /\[(\d{4})\]\((\d{4}-[^)#]+\.md)\)/g;
const SECTIONS = ['## Context', '## Decision', '## Consequences'] as const;
const INDEX_LINE =
  /^- \[(\d{4})\]\((\d{4}-[^)]+\.md)\) · (\d{4}-\d{2}-\d{2}) · (.+) · (accepted|superseded by \[\d{4}\]\(\d{4}-[^)]+\.md\))$/;

export interface DecisionsReport {
  records: number;
  pending: string[];
  problems: string[];
}

interface RecordInfo {
  file: string;
  number: number;
  date?: string;
  title?: string;
  status?: string;
  supersededBy?: string;
  supersedes: string[];
}

function isRealDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

function readRecord(dir: string, file: string, problems: string[]): RecordInfo {
  const number = Number(file.slice(0, 4));
  const info: RecordInfo = { file, number, supersedes: [] };
  const lines = fs.readFileSync(path.join(dir, file), 'utf8').split('\n');
  const fail = (what: string) => problems.push(`${file}: ${what}`);

  const title = TITLE.exec(lines[0] ?? '');
  if (!title) fail('the first line must be "# NNNN. Title (issue N)"');
  else if (Number(title[1]) !== number)
    fail(`the title's number ${title[1]} is not the file's ${file.slice(0, 4)}`);
  else info.title = title[2];

  const sectionsAt = lines.findIndex((line) => line.startsWith('## '));
  const header = lines
    .slice(1, sectionsAt < 0 ? lines.length : sectionsAt)
    .filter((line) => line.trim() !== '');
  const date = header.map((line) => DATE.exec(line)).find(Boolean);
  if (!date) fail('no "Date: YYYY-MM-DD" line before the sections');
  else if (!isRealDate(date[1]!)) fail(`"${date[1]}" is not a date`);
  else info.date = date[1];

  const statusLine = header.find((line) => line.startsWith('Status:'));
  const status = statusLine ? STATUS.exec(statusLine) : null;
  if (!status) fail('the status must be "Status: accepted" or "Status: superseded by [NNNN](NNNN-….md)"');
  else {
    info.status = status[1];
    if (status[2] && status[3]) {
      if (status[3].slice(0, 4) !== status[2]) fail(`"superseded by [${status[2]}]" links to ${status[3]}`);
      info.supersededBy = status[3];
    }
  }
  for (const line of header) {
    if (DATE.test(line) || line.startsWith('Status:')) continue;
    const relation = RELATION.exec(line);
    if (!relation) {
      fail(`unexpected header line "${line}" (Date, Status, Supersedes, Amends, Amended by)`);
      continue;
    }
    if (relation[1] === 'Supersedes')
      info.supersedes = [...relation[2]!.matchAll(RECORD_LINK)].map((m) => m[2]!);
  }

  let from = 0;
  for (const section of SECTIONS) {
    const at = lines.indexOf(section, from);
    if (at < 0) {
      fail(`no "${section}" section${from > 0 ? ' after the one before it' : ''}`);
      continue;
    }
    const next = lines.findIndex((line, i) => i > at && line.startsWith('## '));
    const body = lines.slice(at + 1, next < 0 ? lines.length : next).join('\n');
    if (body.trim() === '') fail(`the "${section}" section is empty`);
    from = at + 1;
  }

  for (const line of lines) {
    for (const link of line.matchAll(RECORD_LINK)) {
      if (!fs.existsSync(path.join(dir, link[2]!))) fail(`links to ${link[2]}, which does not exist`);
      else if (link[2]!.slice(0, 4) !== link[1])
        fail(`the link text [${link[1]}] names another record than ${link[2]}`);
    }
    for (const link of line.matchAll(/\]\((\.\.\/[^)#\s]+)\)/g)) {
      if (!fs.existsSync(path.resolve(dir, link[1]!))) fail(`links to ${link[1]}, which does not exist`);
    }
  }
  return info;
}

function checkIndex(dir: string, records: RecordInfo[], problems: string[]): void {
  const indexPath = path.join(dir, 'README.md');
  if (!fs.existsSync(indexPath)) {
    problems.push('README.md: the index is missing');
    return;
  }
  const byFile = new Map(records.map((record) => [record.file, record]));
  const listed = new Set<string>();
  let previous = Infinity;
  for (const line of fs.readFileSync(indexPath, 'utf8').split('\n')) {
    if (!/^- \[\d{4}\]/.test(line)) continue;
    const entry = INDEX_LINE.exec(line);
    if (!entry) {
      problems.push(`README.md: "${line}" is not "- [NNNN](file) · date · title · status"`);
      continue;
    }
    const [, number, file, date, title, status] = entry as unknown as string[];
    const record = byFile.get(file!);
    if (!record) {
      problems.push(`README.md: lists ${file}, which does not exist`);
      continue;
    }
    if (listed.has(file!)) problems.push(`README.md: lists ${file} twice`);
    listed.add(file!);
    if (number !== file!.slice(0, 4)) problems.push(`README.md: [${number}] links to ${file}`);
    if (Number(number) >= previous) problems.push(`README.md: ${file} is out of order (newest first)`);
    previous = Number(number);
    if (record.date && date !== record.date)
      problems.push(`README.md: ${file} is dated ${date}, the record ${record.date}`);
    if (record.title && title !== record.title)
      problems.push(`README.md: ${file}'s title differs from the record's`);
    if (record.status && status !== record.status) {
      problems.push(`README.md: ${file} is "${status}" in the index, "${record.status}" in the record`);
    }
  }
  for (const record of records) {
    if (!listed.has(record.file)) problems.push(`README.md: does not list ${record.file}`);
  }
}

export function checkDecisions(dir: string): DecisionsReport {
  const problems: string[] = [];
  const files = fs.readdirSync(dir).filter((file) => file.endsWith('.md') && file !== 'README.md');
  const pending = files.filter((file) => PENDING_FILE.test(file)).sort();
  for (const file of files) {
    if (!RECORD_FILE.test(file) && !PENDING_FILE.test(file)) {
      problems.push(`${file}: a record's name is NNNN-lower-case-slug.md`);
    }
  }
  const records = files
    .filter((file) => RECORD_FILE.test(file))
    .sort()
    .map((file) => readRecord(dir, file, problems));

  records.forEach((record, i) => {
    const previous = records[i - 1];
    const expected = previous ? previous.number + 1 : 1;
    if (previous?.number === record.number)
      problems.push(`${record.file}: number ${record.file.slice(0, 4)} is taken twice`);
    else if (record.number !== expected) {
      problems.push(
        `${record.file}: expected number ${String(expected).padStart(4, '0')} (numbers run from 0001 without gaps)`,
      );
    }
    if (previous?.date && record.date && record.date < previous.date) {
      problems.push(`${record.file}: dated ${record.date}, before ${previous.file} (${previous.date})`);
    }
  });
  const byFile = new Map(records.map((record) => [record.file, record]));
  for (const record of records) {
    if (!record.supersededBy) continue;
    const successor = byFile.get(record.supersededBy);
    if (!successor) continue; // reported as a broken link
    if (successor.number <= record.number) {
      problems.push(`${record.file}: superseded by ${successor.file}, which is not a later record`);
    }
    if (!successor.supersedes.includes(record.file)) {
      problems.push(`${successor.file}: supersedes ${record.file} but has no "Supersedes:" line naming it`);
    }
  }
  for (const record of records) {
    for (const earlier of record.supersedes) {
      const target = byFile.get(earlier);
      if (target && target.supersededBy !== record.file) {
        problems.push(`${earlier}: ${record.file} supersedes it, but its status does not say so`);
      }
    }
  }
  checkIndex(dir, records, problems);
  return { records: records.length, pending, problems };
}
