import { TICKET_REPLY_MAX_LENGTH } from '@mia/contracts';
import { Send, StickyNote } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast-store';
import { useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { usePostStaffMessage } from '@/features/staff/api/post-staff-message';
import { Textarea } from './textarea';

/** A reply the customer receives (also by e-mail), or an internal note only staff see. */
export function StaffReplyForm({ ticketId }: { ticketId: string }) {
  const { t } = useI18n();
  const copy = t.staff.ticket;
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  const post = usePostStaffMessage();
  const bodyId = useId();
  const switchId = useId();
  const sendable = body.trim().length > 0 && !post.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!sendable) return;
    post.mutate(
      { id: ticketId, body: body.trim(), internal },
      {
        onSuccess: () => {
          setBody('');
          toast({ variant: 'success', title: internal ? copy.noteSaved : copy.replySent });
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: copy.replyFailed, description: errorText(error) }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-3" data-testid="staff-reply-form">
      <Label htmlFor={bodyId}>{copy.reply}</Label>
      <Textarea
        id={bodyId}
        rows={5}
        value={body}
        maxLength={TICKET_REPLY_MAX_LENGTH}
        onChange={(event) => setBody(event.target.value)}
        placeholder={internal ? copy.notePlaceholder : copy.replyPlaceholder}
        className={internal ? 'border-dashed border-amber-500 bg-amber-50' : undefined}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <Switch id={switchId} checked={internal} onCheckedChange={setInternal} />
          <Label htmlFor={switchId}>{copy.internalSwitch}</Label>
        </div>
        <Button type="submit" disabled={!sendable} className="w-full sm:w-auto">
          {internal ? <StickyNote aria-hidden="true" /> : <Send aria-hidden="true" />}
          {post.isPending ? copy.sending : internal ? copy.saveNote : copy.sendReply}
        </Button>
      </div>
    </form>
  );
}
