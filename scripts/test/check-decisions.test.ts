import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDecisions } from '../lib/decisions';
import { ROOT } from '../lib/stack';

const CHECK = path.join(ROOT, 'scripts/check-decisions.ts');

function runCheck(dir?: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', CHECK, ...(dir ? [dir] : [])], {
    cwd: ROOT,
    encoding: 'utf8',
  });
}

function record(number: string, title: string, status: string, extra = ''): string {
  return [
    `# ${number}. ${title} (issue 7)`,
    '',
    'Date: 2026-11-22',
    `Status: ${status}`,
    ...(extra ? [extra] : []),
    '',
    '## Context',
    '',
    'Why it came up.',
    '',
    '## Decision',
    '',
    'What we chose.',
    '',
    '## Consequences',
    '',
    'What follows.',
    '',
  ].join('\n');
}

const FIXTURE: Record<string, string> = {
  '0001-first.md': record('0001', 'First', 'superseded by [0002](0002-second.md)'),
  '0002-second.md': record('0002', 'Second', 'accepted', 'Supersedes: [0001](0001-first.md)'),
  'README.md': [
    '# Decision records',
    '',
    '- [0002](0002-second.md) · 2026-11-22 · Second (issue 7) · accepted',
    '- [0001](0001-first.md) · 2026-11-22 · First (issue 7) · superseded by [0002](0002-second.md)',
    '',
  ].join('\n'),
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A temporary docs/decisions: the valid fixture with `change` applied (a file's new text, or null to delete it). */
function fixture(change: Record<string, string | null | ((text: string) => string)> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'decisions-'));
  dirs.push(dir);
  const files: Record<string, string | null> = { ...FIXTURE };
  for (const [file, edit] of Object.entries(change)) {
    files[file] = typeof edit === 'function' ? edit(files[file] ?? '') : edit;
  }
  for (const [file, text] of Object.entries(files)) {
    if (text !== null) fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('check-decisions', () => {
  it("passes the repository's records and index", () => {
    const report = checkDecisions(path.join(ROOT, 'docs/decisions'));
    expect(report.problems).toEqual([]);
    expect(report.records).toBeGreaterThanOrEqual(68);
    const run = runCheck();
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('passes a valid set and only counts records not numbered yet (new-*.md)', () => {
    const report = checkDecisions(fixture({ 'new-some-choice.md': '# Some choice (issue 9)\n' }));
    expect(report).toEqual({ records: 2, pending: ['new-some-choice.md'], problems: [] });
  });

  it.each([
    [
      'a section missing',
      { '0002-second.md': (t: string) => t.replace('## Consequences', '') },
      'no "## Consequences"',
    ],
    [
      'an empty section',
      { '0002-second.md': (t: string) => t.replace('What we chose.', '') },
      'section is empty',
    ],
    [
      'no date',
      { '0002-second.md': (t: string) => t.replace('Date: 2026-11-22\n', '') },
      'no "Date: YYYY-MM-DD"',
    ],
    [
      'an impossible date',
      { '0002-second.md': (t: string) => t.replace('2026-11-22', '2026-02-30') },
      'is not a date',
    ],
    [
      'an unknown status',
      { '0002-second.md': (t: string) => t.replace('accepted', 'proposed') },
      'the status must be',
    ],
    [
      'a title without its number',
      { '0002-second.md': (t: string) => t.replace('# 0002. ', '# ') },
      'first line',
    ],
    [
      'a title with another number',
      { '0002-second.md': (t: string) => t.replace('# 0002.', '# 0003.') },
      'not the file',
    ],
    [
      'a "superseded by" link to no file',
      { '0001-first.md': (t: string) => t.replace('(0002-second.md)', '(0002-gone.md)') },
      'links to 0002-gone.md, which does not exist',
    ],
    [
      'a successor that does not say "Supersedes"',
      { '0002-second.md': (t: string) => t.replace('Supersedes: [0001](0001-first.md)\n', '') },
      'has no "Supersedes:" line',
    ],
    [
      'a "Supersedes" the earlier record does not confirm',
      { '0001-first.md': (t: string) => t.replace(/Status: .*/, 'Status: accepted') },
      'its status does not say so',
    ],
    [
      'a record the index leaves out',
      { 'README.md': (t: string) => t.replace(/^- \[0001\].*\n/m, '') },
      'does not list 0001-first.md',
    ],
    [
      'an index in the wrong order',
      { 'README.md': (t: string) => t.split('\n').reverse().join('\n') },
      'out of order (newest first)',
    ],
    [
      'an index that disagrees on the status',
      { 'README.md': (t: string) => t.replace(/\(issue 7\) · superseded.*/, '(issue 7) · accepted') },
      'in the index',
    ],
    [
      'a gap in the numbers',
      { '0003-third.md': null, '0004-fourth.md': record('0004', 'Fourth', 'accepted') },
      'expected number 0003',
    ],
    ['a file named otherwise', { 'Fifth.md': record('0005', 'Fifth', 'accepted') }, "a record's name is"],
    ['no index', { 'README.md': null }, 'the index is missing'],
  ])('fails on %s', (_name, change, problem) => {
    const report = checkDecisions(fixture(change));
    expect(report.problems.join('\n')).toContain(problem);
  });

  it('exits 1 and names the problem on a broken set', () => {
    const dir = fixture({ '0002-second.md': (t) => t.replace('## Decision', '## Choice') });
    const run = runCheck(dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('0002-second.md: no "## Decision" section');
  });
});
