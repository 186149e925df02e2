// `npm run check:migrations [-- <ref>]`: fails when a migration that is new since the previous
// release (a git ref: the argument, PREVIOUS_RELEASE, or the previous commit HEAD~1 when every
// merge to main is released) drops or renames a table or column that release still uses.
import { contractProblems } from './migrations/contract-check.js';
import { hasCommit, newMigrations, releaseUsage } from './migrations/git-release.js';
import { REPO_ROOT } from './local/paths.js';
import { SERVICE_NAMES } from './local/services.js';

const ref = process.argv[2] ?? process.env.PREVIOUS_RELEASE ?? 'HEAD~1';
if (!hasCommit(REPO_ROOT, ref)) {
  console.error(
    `check-migrations: no commit ${ref} here (a shallow clone?): fetch it, or pass one`,
  );
  process.exit(2);
}
const migrations = SERVICE_NAMES.flatMap((service) => newMigrations(REPO_ROOT, ref, service));
const problems = contractProblems(migrations, (service) => releaseUsage(REPO_ROOT, ref, service));
for (const problem of problems) console.error(problem);
console.log(
  `check-migrations: ${migrations.length} migration(s) new since ${ref}, ` +
    `${problems.length} problem(s)`,
);
process.exit(problems.length > 0 ? 1 : 0);
