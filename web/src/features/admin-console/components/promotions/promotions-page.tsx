import type { PromotionCodeView } from '@mia/contracts';
import { Ban } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/components/ui/toast-store';
import { formatDate, formatMoney, formatNumber, useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import {
  useDeactivatePromotionCode,
  usePromotionCodes,
} from '@/features/admin-console/api/promotion-codes';
import { SectionHeading } from '@/features/admin-console/components/admin-layout';
import { SectionState } from '@/features/admin-console/components/section-state';
import { PromotionForm } from './promotion-form';

/** /admin/promotion-codes: the codes with their redemptions, and a form for a new one. */
export function PromotionsPage() {
  const { t } = useI18n();
  const copy = t.adminConsole.promotions;
  const codes = usePromotionCodes();
  return (
    <>
      <SectionHeading title={copy.heading} subtitle={copy.subtitle} />
      <div className="grid items-start gap-6 xl:grid-cols-[1fr_24rem]">
        <Card>
          <CardContent className="pt-6">
            {codes.data ? (
              codes.data.length === 0 ? (
                <p className="text-navy-700">{copy.empty}</p>
              ) : (
                <ul
                  aria-label={copy.listLabel}
                  className="divide-y divide-cream-300/70"
                  data-testid="promotion-codes"
                >
                  {codes.data.map((code) => (
                    <PromotionRow key={code.code} code={code} />
                  ))}
                </ul>
              )
            ) : (
              <SectionState query={codes} />
            )}
          </CardContent>
        </Card>
        <PromotionForm />
      </div>
    </>
  );
}

function PromotionRow({ code }: { code: PromotionCodeView }) {
  const { t, locale } = useI18n();
  const copy = t.adminConsole.promotions;
  const deactivate = useDeactivatePromotionCode();
  const discount =
    code.percentOff !== null
      ? copy.percent(`${code.percentOff} %`)
      : copy.amount(formatMoney(code.amountOffCents ?? 0, locale));
  const duration =
    code.duration === 'repeating'
      ? copy.durationText.repeating(code.durationInMonths ?? 0)
      : copy.durationText[code.duration];
  const used = formatNumber(code.redemptions, locale);
  const onDeactivate = () =>
    deactivate.mutate(code.code, {
      onSuccess: () => toast({ variant: 'success', title: copy.deactivated }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: copy.deactivateFailed,
          description: errorText(error),
        }),
    });
  return (
    <li
      className="flex flex-wrap items-center gap-4 py-4"
      data-testid="promotion-code"
      data-code={code.code}
    >
      <div className="grid min-w-0 flex-1 basis-56 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-mono font-semibold break-all text-navy-900">{code.code}</span>
          <Badge variant={code.active ? 'success' : 'neutral'}>
            {code.active ? copy.active : copy.inactive}
          </Badge>
          {code.firstPurchaseOnly ? <Badge variant="gold">{copy.firstPurchaseOnly}</Badge> : null}
        </p>
        <p className="text-sm text-navy-800">
          {discount} · {duration} · {copy.appliesToText[code.appliesTo]}
        </p>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-navy-700">
          <div className="flex gap-1">
            <dt>{copy.columns.redemptions}:</dt>
            <dd data-testid="promotion-redemptions">
              {code.maxRedemptions === null
                ? used
                : copy.redemptionsOf(used, formatNumber(code.maxRedemptions, locale))}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>{copy.columns.expires}:</dt>
            <dd>
              {code.expiresAt
                ? formatDate(new Date(code.expiresAt), locale, { dateStyle: 'medium' })
                : copy.never}
            </dd>
          </div>
        </dl>
      </div>
      {code.active ? (
        <Button
          variant="outline"
          size="sm"
          onClick={onDeactivate}
          disabled={deactivate.isPending}
          aria-label={copy.deactivateLabel(code.code)}
        >
          <Ban aria-hidden="true" />
          {copy.deactivate}
        </Button>
      ) : null}
    </li>
  );
}
