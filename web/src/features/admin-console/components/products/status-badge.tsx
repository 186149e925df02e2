import type { AdminProduct } from '@mia/contracts';
import { Badge } from '@/components/ui/badge';
import { useI18n } from '@/i18n';

const variant = { draft: 'warning', published: 'success', retired: 'neutral' } as const;

export function ProductStatusBadge({ status }: { status: AdminProduct['status'] }) {
  const { t } = useI18n();
  return (
    <Badge variant={variant[status]} data-testid="product-status">
      {t.adminConsole.products.status[status]}
    </Badge>
  );
}
