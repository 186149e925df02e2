import { CircleAlert, CircleCheck, Wrench, type LucideIcon } from 'lucide-react';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { useI18n } from '@/i18n';
import { displayState, type ServiceState, type ServiceStatus } from '@/features/status/data';

const stateLook: Record<ServiceState, { icon: LucideIcon; badge: BadgeProps['variant'] }> = {
  operational: { icon: CircleCheck, badge: 'success' },
  maintenance: { icon: Wrench, badge: 'warning' },
  incident: { icon: CircleAlert, badge: 'danger' },
};

/** The spec's five services, each with its state (an unknown one shows as operational). */
export function ServiceList({ services }: { services: readonly ServiceStatus[] }) {
  const { t } = useI18n();
  const copy = t.status;
  return (
    <ul className="mt-5 divide-y divide-cream-300/70 rounded-2xl border border-cream-300/70 bg-white shadow-sm">
      {services.map((service) => {
        const state = displayState(service.status);
        const { icon: Icon, badge } = stateLook[state];
        const text = copy.services[service.key];
        return (
          <li
            key={service.key}
            data-service={service.key}
            data-state={state}
            className="flex flex-col gap-2 p-5 sm:flex-row sm:items-center sm:justify-between"
          >
            <div>
              <h3 className="font-semibold text-navy-900">{text.name}</h3>
              <p className="text-sm text-navy-700">{text.description}</p>
            </div>
            <Badge variant={badge} className="self-start sm:self-auto">
              <Icon aria-hidden="true" />
              {copy.states[state]}
            </Badge>
          </li>
        );
      })}
    </ul>
  );
}
