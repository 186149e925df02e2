import '@mia/service-kit/tracing/start'; // first: tracing must patch pg and http before they load
import { runService } from '@mia/service-kit';
import { billingService } from './service.js';

await runService(billingService);
