import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The repository root (scripts/local/ is two levels down). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Local state that survives restarts (database files, NATS store, mails): git-ignored. */
export const dataDir = (root: string = REPO_ROOT) => join(root, '.data');
