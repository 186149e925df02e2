import {
  AccessExportPartReadyV1,
  BillingExportPartReadyV1,
  SupportExportPartReadyV1,
  type EventDefinition,
  type ExportPartReadyData,
} from '@mia/contracts';
import { on, type ConsumerDefinition } from '@mia/service-kit';
import type { IdentityTx } from '../db.js';
import { identityExportPartOnRequested } from './export-part.js';
import { recordExportPart, type ReadyMailSettings } from './record-part.js';

const keepPart = (definition: EventDefinition, mail: ReadyMailSettings) =>
  on<EventDefinition, IdentityTx>(definition, (data, _envelope, ctx) =>
    recordExportPart(data as ExportPartReadyData, ctx, mail),
  );

/**
 * Account exports: identity builds its own part on the request, and keeps every service's
 * sealed part as it arrives; the last one makes the export ready and queues the mail.
 */
export const accountExportConsumer = (mail: ReadyMailSettings): ConsumerDefinition<IdentityTx> => ({
  name: 'account-export',
  subscriptions: [
    identityExportPartOnRequested(mail),
    keepPart(BillingExportPartReadyV1, mail),
    keepPart(AccessExportPartReadyV1, mail),
    keepPart(SupportExportPartReadyV1, mail),
  ],
});
