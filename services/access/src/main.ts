import { runService } from '@mia/service-kit';
import { accessService } from './service.js';

await runService(accessService);
