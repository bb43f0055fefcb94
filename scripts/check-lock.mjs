// CI's lock guard: `npm install` must not have changed what package-lock.json resolves.
// Usage: node scripts/check-lock.mjs <lock before install> <lock after install>
//
// The registry a machine reaches does not always list every platform's build of a native binding
// (oxc-parser, unrs-resolver): one day npm writes them into the lock, another day it cannot. Those
// entries are never installed on this machine, so adding or dropping them is not a change of what
// the project runs. Anything else (a version, an integrity hash, a new or missing package that this
// platform would install) fails CI: the committed lock was out of date.
import { readFileSync } from 'node:fs';

const [beforePath, afterPath] = process.argv.slice(2);
if (!beforePath || !afterPath) {
  console.error('usage: node scripts/check-lock.mjs <lock before> <lock after>');
  process.exit(2);
}
const before = JSON.parse(readFileSync(beforePath, 'utf8')).packages ?? {};
const after = JSON.parse(readFileSync(afterPath, 'utf8')).packages ?? {};

/** An optional package whose `os`/`cpu` exclude this machine: npm never installs it here. */
function otherPlatformOnly(entry) {
  if (!entry.optional) return false;
  const os = entry.os ?? [];
  const cpu = entry.cpu ?? [];
  const osMismatch = os.length > 0 && !os.includes(process.platform);
  const cpuMismatch = cpu.length > 0 && !cpu.includes(process.arch);
  return osMismatch || cpuMismatch;
}

const problems = [];
for (const [name, was] of Object.entries(before)) {
  const now = after[name];
  if (!now) {
    if (!otherPlatformOnly(was)) problems.push(`${name || '(root)'}: dropped by npm install`);
    continue;
  }
  for (const field of ['version', 'integrity', 'resolved', 'dependencies', 'optionalDependencies', 'devDependencies']) {
    if (JSON.stringify(was[field]) !== JSON.stringify(now[field])) {
      problems.push(`${name || '(root)'}: ${field} changed by npm install`);
    }
  }
}
let addedElsewhere = 0;
for (const [name, now] of Object.entries(after)) {
  if (name in before) continue;
  if (otherPlatformOnly(now)) addedElsewhere += 1;
  else problems.push(`${name}: added by npm install`);
}

if (problems.length > 0) {
  console.error('package-lock.json is out of date (run `npm install` and commit the lock):');
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(
  `package-lock.json: npm install resolved the same packages` +
    (addedElsewhere > 0 ? ` (it listed ${addedElsewhere} other platforms' optional builds, never installed here)` : ''),
);
