// Writes fileSeconds.json (the e2e files' order, sequencer.ts) from a Vitest JSON report of a
// full e2e run: `node --import tsx e2e/support/recordFileSeconds.ts <report.json>`.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { projectRoot } from './paths.ts';

type Report = { testResults: { name: string; startTime: number; endTime: number }[] };

const file = process.argv[2];
if (!file) throw new Error('usage: node --import tsx e2e/support/recordFileSeconds.ts <vitest JSON report>');
const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
const seconds = Object.fromEntries(
  report.testResults
    .map(
      (result) => [relative(projectRoot, result.name), Math.round((result.endTime - result.startTime) / 1000)] as const,
    )
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
);
writeFileSync(new URL('./fileSeconds.json', import.meta.url), `${JSON.stringify(seconds, null, 2)}\n`);
console.log(`fileSeconds.json: ${Object.keys(seconds).length} files`);
