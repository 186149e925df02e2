import { Archive } from 'lucide-react';
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
import { useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { useRetireProduct } from '@/features/admin-console/api/products';

/** Retiring stops the sale for good: asked once more, with what it means for owners. */
export function RetireDialog({ id, name }: { id: string; name: string }) {
  const { t } = useI18n();
  const copy = t.adminConsole.products;
  const [open, setOpen] = useState(false);
  const retire = useRetireProduct();
  const confirm = () =>
    retire.mutate(id, {
      onSuccess: () => {
        toast({ variant: 'success', title: copy.retired });
        setOpen(false);
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: copy.actionFailed, description: errorText(error) }),
    });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={copy.retireLabel(name)}>
          <Archive aria-hidden="true" />
          {copy.retire}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t.adminConsole.close}>
        <DialogHeader>
          <DialogTitle>{copy.retireTitle(name)}</DialogTitle>
          <DialogDescription>{copy.retireText}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t.adminConsole.cancel}</Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={retire.isPending}>
            {copy.retireConfirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
