import { request } from 'node:http';
import { upstreamOf, type Upstream } from './forward.js';

/** One replica of a service: where it listens, its connections, and what the gateway knows of it. */
export interface PoolMember extends Upstream {
  readonly url: string;
  /** Requests forwarded to it and not finished yet. */
  inFlight: number;
  /** False from a failed probe or connection until its next good probe. */
  healthy: boolean;
  /** Why it was last found failing (for the readiness log), or undefined. */
  problem: string | undefined;
}

export interface UpstreamPoolOptions {
  /** How often each member's /readyz is asked (0: never; members stay as they are marked). */
  probeIntervalMs: number;
  /** How long one probe may take before it counts as a failure. */
  probeTimeoutMs: number;
}

export interface UpstreamPool {
  readonly members: readonly PoolMember[];
  /**
   * The healthy member with the fewest requests in flight (ties go round the members in turn).
   * `avoid` (a member that just failed) is taken only when nothing else is left. With every member
   * failing one is still returned: a try that may fail beats refusing without trying.
   */
  pick(avoid?: PoolMember): PoolMember;
  /** A connection to it failed: send nothing more its way until a probe finds it ready again. */
  markFailing(member: PoolMember, problem: string): void;
  /** Resolves once every member has been probed once (at once when probing is off). */
  readonly firstProbe: Promise<void>;
  /** Whether some member is healthy. */
  ready(): boolean;
  close(): void;
}

/**
 * The replicas of one service behind the gateway. Health comes from a background probe of each
 * member's /readyz (a draining service answers 503 there before it stops accepting) and from
 * failed connections, which count at once; requests never wait for a probe.
 */
export function createUpstreamPool(
  targets: readonly string[],
  options: UpstreamPoolOptions,
): UpstreamPool {
  if (targets.length === 0) throw new Error('an upstream pool needs at least one address');
  const members: PoolMember[] = targets.map((url) => ({
    ...upstreamOf(url),
    url,
    inFlight: 0,
    // Until the first probe answers, a member is worth trying.
    healthy: true,
    problem: undefined,
  }));
  let turn = 0;

  const pick = (avoid?: PoolMember): PoolMember => {
    const count = members.length;
    // The common deployment, one address: nothing to choose, nothing to allocate.
    if (count === 1) return members[0]!;
    let best: PoolMember | undefined;
    let fallback: PoolMember | undefined;
    turn = (turn + 1) % count;
    for (let i = 0; i < count; i++) {
      const member = members[(turn + i) % count]!;
      if (member === avoid) continue;
      if (!member.healthy) {
        if (!fallback || member.inFlight < fallback.inFlight) fallback = member;
        continue;
      }
      if (!best || member.inFlight < best.inFlight) best = member;
    }
    return best ?? fallback ?? avoid ?? members[0]!;
  };

  const probe = (member: PoolMember): Promise<void> =>
    new Promise((resolve) => {
      let done = false;
      const settle = (healthy: boolean, problem?: string) => {
        if (done) return;
        done = true;
        member.healthy = healthy;
        member.problem = problem;
        resolve();
      };
      // Its own short-lived connection: a probe must not take (or be queued behind) a socket
      // that carries requests, and it must see a restarted process, not a stale connection.
      const req = request(
        {
          host: member.host,
          port: member.port,
          path: '/readyz',
          agent: false,
          headers: { connection: 'close' },
          timeout: options.probeTimeoutMs,
        },
        (res) => {
          res.resume();
          const ok = res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300;
          settle(ok, ok ? undefined : `/readyz answered ${res.statusCode}`);
        },
      );
      req.once('timeout', () => {
        settle(false, 'timed out');
        req.destroy();
      });
      req.once('error', (err: Error & { code?: string }) => settle(false, err.code ?? err.message));
      req.end();
    });

  const probeAll = () => Promise.all(members.map(probe)).then(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  let firstProbe = Promise.resolve();
  if (options.probeIntervalMs > 0) {
    firstProbe = probeAll();
    let probing = false;
    timer = setInterval(() => {
      // A slow round (a hung member) must not pile up rounds behind it.
      if (probing) return;
      probing = true;
      void probeAll().finally(() => (probing = false));
    }, options.probeIntervalMs);
    timer.unref();
  }

  return {
    members,
    pick,
    markFailing(member, problem) {
      member.healthy = false;
      member.problem = problem;
    },
    firstProbe,
    ready: () => members.some((m) => m.healthy),
    close() {
      clearInterval(timer);
      for (const member of members) member.agent.destroy();
    },
  };
}
