import { Unplug } from 'lucide-react';
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
  DialogTrigger,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast-store';
import { formatDate, useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import type { ConnectedApp } from '@/features/connections/api/connected-apps';
import { useRevokeConnectedApp } from '@/features/connections/api/revoke-connected-app';

/** One connected tool: when it was connected and last used, and Revocar after a confirmation. */
export function ConnectedAppItem({ app }: { app: ConnectedApp }) {
  const { t, locale } = useI18n();
  const copy = t.connections.apps;
  const revoke = useRevokeConnectedApp();
  const [confirming, setConfirming] = useState(false);
  const date = (iso: string) => formatDate(new Date(iso), locale, { dateStyle: 'medium' });

  const confirm = () =>
    revoke.mutate(app.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ variant: 'success', title: copy.revoked });
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: copy.revokeFailed, description: errorText(error) }),
    });

  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-cream-300/70 p-3"
      data-testid="connected-app"
    >
      <div className="grid min-w-0 gap-0.5">
        <span className="font-medium break-words text-navy-950">{app.clientName}</span>
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-sm text-navy-700">
          <dt>{copy.connectedAt}</dt>
          <dd>{date(app.connectedAt)}</dd>
          <dt>{copy.lastUsedAt}</dt>
          <dd>{app.lastUsedAt ? date(app.lastUsedAt) : copy.never}</dd>
        </dl>
      </div>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogTrigger asChild>
          <Button variant="outline" size="sm" aria-label={copy.revokeLabel(app.clientName)}>
            <Unplug aria-hidden="true" />
            {copy.revoke}
          </Button>
        </DialogTrigger>
        <DialogContent closeLabel={t.common.close}>
          <DialogHeader>
            <DialogTitle className="break-words">{copy.revokeTitle(app.clientName)}</DialogTitle>
            <DialogDescription>{copy.revokeText}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{copy.revokeKeep}</Button>
            </DialogClose>
            <Button variant="destructive" onClick={confirm} disabled={revoke.isPending}>
              {copy.revokeConfirm}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </li>
  );
}
