// One time for the whole stack: the Stripe sandbox's clock and the services' (billing's and
// access's MIA_TEST_CLOCK_FILE, an offset from the wall clock). A move writes the services'
// offset first and then advances the sandbox, so every webhook the move causes is decided by
// services that already live at the new time.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProofStack } from '../support/proof-stack.js';

export interface SharedClock {
  /** The file the services read (give it to them as MIA_TEST_CLOCK_FILE). */
  readonly file: string;
  /** Now on the shared clock, in ms. */
  now(): number;
  /** Takes the sandbox's time as the start (once the sandbox runs). */
  attach(stack: ProofStack): Promise<void>;
  advanceDays(days: number): Promise<void>;
  dispose(): Promise<void>;
}

export async function sharedClock(): Promise<SharedClock> {
  const dir = await mkdtemp(join(tmpdir(), 'mia-model-clock-'));
  const file = join(dir, 'offset-ms');
  await writeFile(file, '0');
  let offsetMs = 0;
  let stack: ProofStack | undefined;
  const sandboxNow = async (): Promise<number> => {
    const res = await stack!.sandboxControl('GET', '/_clock');
    if (!res.ok) throw new Error(`sandbox clock answered ${res.status}`);
    return ((await res.json()) as { now: number }).now * 1000;
  };
  const setOffset = async (ms: number) => {
    offsetMs = ms;
    await writeFile(file, String(Math.round(ms)));
  };
  return {
    file,
    now: () => Date.now() + offsetMs,
    async attach(s) {
      stack = s;
      // The sandbox counts whole seconds: the services start at its second.
      await setOffset((await sandboxNow()) + 500 - Date.now());
    },
    async advanceDays(days) {
      const seconds = Math.round(days * 86_400);
      await setOffset(offsetMs + seconds * 1000);
      const res = await stack!.sandboxControl('POST', '/_clock/advance', { seconds });
      if (!res.ok) throw new Error(`sandbox clock advance answered ${res.status}`);
      await res.arrayBuffer();
    },
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}
