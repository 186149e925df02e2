import type Stripe from 'stripe';
import type { Core } from '../core.js';
import { resourceMissing } from '../errors.js';
import { updateDisputeEvidence } from '../domain/dispute-evidence.js';
import { closeDispute } from '../domain/disputes.js';
import { paginate } from '../list.js';
import { mergeMetadata, strParam } from '../params.js';
import { render } from '../render.js';
import type { Route } from '../router.js';
import { newestFirst } from '../state.js';

export function getDispute(core: Core, id: string): Stripe.Dispute {
  const dispute = core.state.disputes.get(id);
  if (!dispute) throw resourceMissing('dispute', id);
  return dispute;
}

export const disputeRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/disputes/:id',
    handle: ({ core, path, expand }) => render(core.state, getDispute(core, path.id!), expand),
  },
  {
    method: 'POST',
    path: '/v1/disputes/:id',
    handle({ core, path, params, expand }) {
      const dispute = getDispute(core, path.id!);
      updateDisputeEvidence(core, dispute, params);
      dispute.metadata = mergeMetadata(dispute.metadata, params);
      return render(core.state, dispute, expand);
    },
  },
  {
    // Accepting a dispute is conceding it: Stripe closes it as lost.
    method: 'POST',
    path: '/v1/disputes/:id/close',
    handle({ core, path, expand }) {
      const dispute = getDispute(core, path.id!);
      closeDispute(core, dispute, 'lost');
      return render(core.state, dispute, expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/disputes',
    handle({ core, params, expand }) {
      const charge = strParam(params, 'charge');
      const pi = strParam(params, 'payment_intent');
      const items = newestFirst(
        core.state.disputes,
        (d) => (!charge || d.charge === charge) && (!pi || d.payment_intent === pi),
      );
      return render(core.state, paginate(items, params, '/v1/disputes'), expand);
    },
  },
];
