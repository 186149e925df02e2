import { FileCheck } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate, formatMoney, useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import type { AdminDispute } from '@mia/contracts';
import { useDisputes } from '@/features/admin/api/list-disputes';
import { DisputeEvidenceDialog } from './dispute-evidence-dialog';

/** Open disputes with their deadline; evidence is prepared from proof of use and sent once. */
export function DisputesPanel() {
  const { t, locale } = useI18n();
  const copy = t.admin.disputes;
  const disputes = useDisputes();
  const [preparing, setPreparing] = useState<AdminDispute | null>(null);
  const statusLabel = (status: string) =>
    status in copy.statuses ? copy.statuses[status as keyof typeof copy.statuses] : status;
  const day = (iso: string | null) =>
    iso ? formatDate(new Date(iso), locale, { dateStyle: 'medium' }) : copy.noDeadline;

  return (
    <section
      aria-labelledby="admin-disputes-title"
      className="grid content-start gap-4"
      data-testid="disputes-panel"
    >
      <div>
        <h3 id="admin-disputes-title" className="text-lg font-semibold text-navy-900">
          {copy.title}
        </h3>
        <p className="text-sm text-navy-700">{copy.description}</p>
      </div>
      <div aria-live="polite">
        {disputes.isPending ? (
          <p className="text-sm text-navy-700">{copy.loading}</p>
        ) : disputes.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {copy.failed}: {errorText(disputes.error)}
          </p>
        ) : disputes.data.disputes.length === 0 ? (
          <p className="text-sm text-navy-700">{copy.none}</p>
        ) : (
          <ul className="grid gap-2">
            {disputes.data.disputes.map((dispute) => (
              <li
                key={dispute.disputeId}
                className="grid gap-1 rounded-lg border border-cream-300/70 p-2 text-sm"
              >
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium text-navy-900">{dispute.description}</span>
                  <span className="flex items-center gap-2">
                    {dispute.inquiry ? <Badge variant="neutral">{copy.inquiry}</Badge> : null}
                    <Badge variant="warning">{statusLabel(dispute.status)}</Badge>
                  </span>
                </span>
                <span className="text-navy-700">
                  {copy.customer}: {dispute.customerEmail ?? dispute.userId} · {copy.reason}:{' '}
                  {dispute.reason} · {copy.amount}: {formatMoney(dispute.amountCents, locale)}
                </span>
                <span className="text-navy-700">
                  {copy.dueBy}: {day(dispute.evidenceDueBy)}
                </span>
                {dispute.evidenceSubmittedAt ? (
                  <span className="text-navy-700">
                    {copy.submittedOn(day(dispute.evidenceSubmittedAt))}
                  </span>
                ) : (
                  <span>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setPreparing(dispute)}
                      aria-label={copy.prepareLabel(dispute.description)}
                    >
                      <FileCheck aria-hidden="true" />
                      {copy.prepare}
                    </Button>
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <DisputeEvidenceDialog
        dispute={preparing}
        onClose={() => setPreparing(null)}
        onSent={() => void disputes.refetch()}
      />
    </section>
  );
}
