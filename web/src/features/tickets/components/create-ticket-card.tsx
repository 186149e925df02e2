import { Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useI18n } from '@/i18n';
import { CreateTicketForm } from './create-ticket-form';

/** Spec section 2: the left card; its button opens the form, Cancel or a creation closes it. */
export function CreateTicketCard() {
  const { t } = useI18n();
  const copy = t.tickets.create;
  const [open, setOpen] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // Closing the form removes the focused control; keyboard users continue from the button.
  useEffect(() => {
    if (wasOpen.current && !open) openButton.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <Card className="h-fit">
      <CardHeader>
        <h2 className="text-lg leading-snug font-semibold text-navy-900">{copy.title}</h2>
        <CardDescription>{copy.text}</CardDescription>
      </CardHeader>
      <CardContent>
        {open ? (
          <CreateTicketForm onDone={() => setOpen(false)} />
        ) : (
          <Button ref={openButton} className="w-full" onClick={() => setOpen(true)}>
            <Plus aria-hidden="true" />
            {copy.open}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
