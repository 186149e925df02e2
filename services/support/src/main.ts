import { runService } from '@mia/service-kit';
import { supportService } from './service.js';

await runService(supportService);
