import { ensureWebBuilt } from './build';

// Once per run, before any browser file: files run in parallel, and two of them finding the
// build stale at once would run two vite builds into the same web/dist.
export default function setup(): void {
  ensureWebBuilt();
}
