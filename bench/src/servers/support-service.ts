// The real support service, from its definition as the tests' harness starts it, in a process of
// its own so the load generator does not share its event loop. Configuration comes from the
// environment the benchmark forks it with; it reports its URL once its consumers are pulling.
import { startService } from '@mia/service-kit';
import { supportService } from '../../../services/support/src/service.js';

const running = await startService(supportService);
await running.eventsReady;
process.send?.({ url: running.url });

process.once('SIGTERM', () => {
  void running.stop().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error('support stop failed', err);
      process.exit(1);
    },
  );
});
