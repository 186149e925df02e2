import { fold, readEvents, type ReadStreamOptions, type StoredEvent } from '@mia/service-kit';
import { entitlementsStreamId } from './entitlement-events.js';
import { entitlementsDecider, grantsOf, type EntitlementsState } from './entitlements-decider.js';
import type { Grant } from './grants.js';

type ReadStream = (streamId: string, options?: ReadStreamOptions) => Promise<StoredEvent[]>;

interface Folded {
  state: EntitlementsState;
  version: number;
}

export interface GrantsCache {
  /**
   * The user's grants folded from their entitlements stream as it is now (the same answer as
   * loadGrants): the events after the version folded last time are read and folded on.
   * `version`: the stream's version as the caller just read it; when the fold is already
   * there, nothing is read.
   */
  grants(userId: string, version?: number): Promise<Grant[]>;
}

/**
 * A verification decides on the entitlements stream itself, never a projection; folding the
 * whole stream on every call was most of its read. So this keeps each user's folded state and
 * its stream version in memory and reads only what was appended since: usually no rows, one
 * indexed read. A stream's versions are gapless and its events never change (ADR 0014: an event
 * after version n is appended only once n has committed), so folding on from the version read
 * equals folding from the start. `evolve` returns new states, so concurrent calls never see a
 * half-folded one. At most `maxUsers` users are kept, the least recently asked for dropped.
 */
export function createGrantsCache(readStream: ReadStream, maxUsers = 5_000): GrantsCache {
  const folded = new Map<string, Folded>();
  return {
    async grants(userId, version) {
      const held = folded.get(userId);
      if (held && held.version === version) {
        folded.delete(userId);
        folded.set(userId, held);
        return grantsOf(held.state);
      }
      const from = held ?? { state: entitlementsDecider.initialState(), version: 0 };
      const newer = await readStream(entitlementsStreamId(userId), { afterVersion: from.version });
      const current: Folded =
        newer.length === 0
          ? from
          : {
              state: fold(entitlementsDecider, readEvents(entitlementsDecider, newer), from.state),
              version: newer.at(-1)!.streamVersion,
            };
      // Another call for the same user may have stored a later version meanwhile: keep that.
      const latest = folded.get(userId);
      folded.delete(userId);
      folded.set(userId, latest && latest.version > current.version ? latest : current);
      if (folded.size > maxUsers) folded.delete(folded.keys().next().value!);
      return grantsOf(current.state);
    },
  };
}
