import { runService } from '@mia/service-kit';
import { billingService } from './service.js';

await runService(billingService);
