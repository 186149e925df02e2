import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';
import { useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import type { AdminDispute, DisputeEvidenceResponse } from '@mia/contracts';
import { useDisputeEvidence } from '@/features/admin/api/dispute-evidence';

type EvidenceField = keyof DisputeEvidenceResponse['evidence'];

/**
 * Shows the evidence billing built from the customer's timeline before anything is sent, then
 * sends it once. The note goes to the bank as free text.
 */
export function DisputeEvidenceDialog({
  dispute,
  onClose,
  onSent,
}: {
  dispute: AdminDispute | null;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useI18n();
  const copy = t.admin.disputes;
  const evidence = useDisputeEvidence();
  const [note, setNote] = useState('');
  const [preview, setPreview] = useState<DisputeEvidenceResponse | null>(null);

  const close = () => {
    setNote('');
    setPreview(null);
    evidence.reset();
    onClose();
  };
  const request = (dryRun: boolean) => {
    if (!dispute) return;
    const trimmed = note.trim();
    evidence.mutate(
      { disputeId: dispute.disputeId, dryRun, ...(trimmed ? { note: trimmed } : {}) },
      {
        onSuccess: (answer) => {
          if (dryRun) return setPreview(answer);
          toast({ variant: 'success', title: copy.sent, description: dispute.description });
          close();
          onSent();
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: copy.sendFailed, description: errorText(error) }),
      },
    );
  };

  const shown = preview
    ? (Object.entries(preview.evidence) as [EvidenceField, string | undefined][]).filter(
        ([, value]) => Boolean(value),
      )
    : [];

  return (
    <Dialog open={dispute !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent closeLabel={t.common.close} className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{copy.evidenceTitle}</DialogTitle>
          <DialogDescription>{copy.evidenceText}</DialogDescription>
        </DialogHeader>
        <Field label={copy.note}>
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={5000}
              value={note}
              onChange={(event) => {
                setNote(event.target.value);
                setPreview(null);
              }}
              className="w-full rounded-lg border border-navy-300 bg-white p-2 text-sm text-navy-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-500"
            />
          )}
        </Field>
        {preview ? (
          <section aria-label={copy.evidenceTitle} data-testid="dispute-evidence-preview">
            <p className="mb-2 text-sm font-semibold text-navy-900">{copy.uses(preview.uses)}</p>
            <dl className="grid max-h-80 gap-2 overflow-y-auto text-sm" tabIndex={0}>
              {shown.map(([field, value]) => (
                <div key={field} className="grid gap-0.5">
                  <dt className="font-medium text-navy-900">{copy.fields[field]}</dt>
                  <dd className="whitespace-pre-wrap text-navy-700">{value}</dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{copy.cancel}</Button>
          </DialogClose>
          {preview ? (
            <Button disabled={evidence.isPending} onClick={() => request(false)}>
              {evidence.isPending ? copy.sending : copy.send}
            </Button>
          ) : (
            <Button variant="outline" disabled={evidence.isPending} onClick={() => request(true)}>
              {evidence.isPending ? copy.previewing : copy.preview}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
