import { runService } from '@mia/service-kit';
import { identityService } from './service.js';

await runService(identityService);
