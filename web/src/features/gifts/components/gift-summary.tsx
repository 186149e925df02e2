import { Gift } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { useI18n } from '@/i18n';
import type { GiftChoice } from '@/features/gifts/gift-item';

/** What is being given, beside the form: the tool for life, or one prepaid plan period. */
export function GiftSummary({ choice }: { choice: GiftChoice }) {
  const { t } = useI18n();
  const copy = t.gifts.purchase;
  return (
    <Card data-testid="gift-summary">
      <CardContent className="grid gap-2 pt-6">
        <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-gold-800 uppercase">
          <Gift aria-hidden="true" className="size-4" />
          {choice.item.kind === 'product' ? copy.toolGift : copy.planGift[choice.item.plan]}
        </p>
        <h2 className="text-xl font-bold break-words text-navy-900">{choice.name}</h2>
        {choice.item.kind === 'plan' ? <p className="text-navy-700">{copy.planNote}</p> : null}
      </CardContent>
    </Card>
  );
}
