import { resourceMissing } from '../errors.js';
import { paginate } from '../list.js';
import { intParam, objParam, strArrayParam, strParam } from '../params.js';
import { render } from '../render.js';
import type { Route } from '../router.js';
import { newestFirst } from '../state.js';

export const eventRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/events/:id',
    handle({ core, path, expand }) {
      const event = core.state.events.get(path.id!);
      if (!event) throw resourceMissing('event', path.id!);
      return render(core.state, event, expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/events',
    handle({ core, params, expand }) {
      const type = strParam(params, 'type');
      const types = strArrayParam(params, 'types');
      const created = typeof params.created === 'object' ? objParam(params, 'created') : undefined;
      const exact = created ? undefined : intParam(params, 'created');
      const gte = created ? intParam(created, 'gte') : exact;
      const lte = created ? intParam(created, 'lte') : exact;
      // `type` may end in a wildcard: `invoice.*`.
      const matches = (t: string) =>
        (!type || (type.endsWith('*') ? t.startsWith(type.slice(0, -1)) : t === type)) &&
        (!types || types.includes(t));
      const items = newestFirst(
        core.state.events,
        (e) =>
          matches(e.type) &&
          (gte === undefined || e.created >= gte) &&
          (lte === undefined || e.created <= lte),
      );
      return render(core.state, paginate(items, params, '/v1/events'), expand);
    },
  },
];
