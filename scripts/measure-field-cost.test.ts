// The worked changes of docs/examples/ stay appliable to the code as it is (issue 34, decision 278): a patch that no
// longer applies fails here, not only when someone runs npm run measure:field-cost.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { patchFiles, WORKED_CHANGES } from './measure-field-cost';

const root = path.resolve(import.meta.dirname, '..');

describe('worked changes', () => {
  for (const change of WORKED_CHANGES)
    it(`${change.patch} applies cleanly and stays within ${change.bound} files`, () => {
      const patch = path.join(root, change.patch);
      expect(() => execFileSync('git', ['apply', '--check', patch], { cwd: root, stdio: 'pipe' })).not.toThrow();
      expect(patchFiles(fs.readFileSync(patch, 'utf8')).length).toBeLessThanOrEqual(change.bound);
    });
});
