import { Copy, KeyRound, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
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
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { useAccessCode } from '@/features/access/api/access-code';
import { useRotateAccessCode } from '@/features/access/api/rotate-access-code';

/** The personal "código MIA" the GPTs ask for: shown, copied, and replaced on demand. */
export function AccessCodeCard() {
  const { t } = useI18n();
  const copy = t.accessCode;
  const code = useAccessCode();
  const rotate = useRotateAccessCode();
  const [confirming, setConfirming] = useState(false);

  const copyCode = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ variant: 'success', title: copy.copied });
    } catch (error) {
      toast({ variant: 'destructive', title: copy.copyFailed, description: errorText(error) });
    }
  };

  const rotateCode = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({ variant: 'success', title: copy.rotated });
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: copy.rotateFailed, description: errorText(error) }),
    });

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-xl font-bold text-navy-900">
          <KeyRound aria-hidden="true" className="size-5 text-gold-600" />
          {copy.heading}
        </h2>
        <CardDescription>{copy.description}</CardDescription>
        {/* Issue 23: a tool connected by signing in never asks for the code. */}
        <CardDescription data-testid="access-code-oauth-note">
          {t.connections.accessCodeNote}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {code.isPending ? (
          <Spinner label={t.common.loading} />
        ) : code.isError ? (
          <p className="text-sm text-red-800">{copy.loadFailed}</p>
        ) : (
          <>
            <p
              className="rounded-xl border border-navy-100 bg-cream-50 px-4 py-3 text-center font-mono text-lg font-bold tracking-wide break-all text-navy-950 sm:text-xl"
              data-testid="access-code"
            >
              {code.data.accessCode}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                onClick={() => void copyCode(code.data.accessCode)}
                aria-label={copy.copyLabel}
              >
                <Copy aria-hidden="true" />
                {copy.copy}
              </Button>
              <Dialog open={confirming} onOpenChange={setConfirming}>
                <DialogTrigger asChild>
                  <Button variant="ghost">
                    <RefreshCw aria-hidden="true" />
                    {copy.rotate}
                  </Button>
                </DialogTrigger>
                <DialogContent closeLabel={t.common.close}>
                  <DialogHeader>
                    <DialogTitle>{copy.rotateTitle}</DialogTitle>
                    <DialogDescription>{copy.rotateText}</DialogDescription>
                  </DialogHeader>
                  <DialogFooter>
                    <DialogClose asChild>
                      <Button variant="outline">{copy.rotateKeep}</Button>
                    </DialogClose>
                    <Button onClick={rotateCode} disabled={rotate.isPending}>
                      {copy.rotateConfirm}
                    </Button>
                  </DialogFooter>
                </DialogContent>
              </Dialog>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
