import { useState, type ReactNode } from 'react';
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
import { useI18n } from '@/i18n';

interface Props {
  trigger: ReactNode;
  /** The confirming button is red: the change takes something away. */
  destructive?: boolean;
  title: string;
  text: string;
  confirm: string;
  keep: string;
  pending: boolean;
  /** Resolves true when done (the dialog closes), false to leave it open. */
  onConfirm: () => Promise<boolean>;
}

/** A billing change the user confirms first: cancel, change plan. */
export function ConfirmActionDialog({
  trigger,
  destructive = false,
  title,
  text,
  confirm,
  keep,
  pending,
  onConfirm,
}: Props) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t.common.close}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{text}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{keep}</Button>
          </DialogClose>
          <Button
            variant={destructive ? 'destructive' : 'primary'}
            disabled={pending}
            onClick={() => void onConfirm().then((done) => done && setOpen(false))}
          >
            {confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
