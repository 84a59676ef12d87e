// The order e2e files start in: the longest first, by the seconds each took in a full run
// (fileSeconds.json), so no long file starts last and runs on alone while the other workers idle.
// Vitest's own order on a clean clone (no results cache, as on CI) is the largest file first:
// the files short to read but long to run, which build Cairn or start it with `npm start`
// (start, reactDevelopment, reproducibleBuild), started 12 minutes in and ended the run about a
// minute after the others. A file not listed (a new one) starts first, as Vitest starts unknown
// files.
// After adding or much changing e2e files: `npx vitest run --project e2e --reporter=json
// --outputFile.json=e2e-report.json`, then `node --import tsx e2e/support/recordFileSeconds.ts e2e-report.json`.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import recorded from './fileSeconds.json' with { type: 'json' };

const seconds: Record<string, number> = recorded;

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const e2e = sorted.filter((file) => file.project.name === 'e2e');
    const weight = (file: TestSpecification) =>
      seconds[relative(file.project.config.root, file.moduleId)] ?? Number.POSITIVE_INFINITY;
    const longestFirst = [...e2e].sort((a, b) => weight(b) - weight(a) || a.moduleId.localeCompare(b.moduleId));
    // The other projects keep Vitest's order; the e2e files take their places in this one.
    return sorted.map((file) => (file.project.name === 'e2e' ? (longestFirst.shift() ?? file) : file));
  }
}
