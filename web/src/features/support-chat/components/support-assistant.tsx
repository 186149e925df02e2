import { Bot, LoaderCircle } from 'lucide-react';
import { useEffect, useReducer, useRef, useState } from 'react';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toast-store';
import { useI18n } from '@/i18n';
import { useOpenChatTicket } from '@/features/support-chat/api/open-chat-ticket';
import { useSendChatMessage } from '@/features/support-chat/api/send-chat-message';
import { chatErrorMessage } from './chat-error';
import { ChatInfoCards } from './chat-info-cards';
import { ChatInput } from './chat-input';
import { ChatMessage } from './chat-message';
import { chatReducer, initialChat } from './chat-state';

interface Props {
  /** Called once a ticket was opened from the chat (the route refreshes the ticket list). */
  onTicketOpened?: () => void;
}

/** The 600 px chat card (spec section 2) and the three info cards below it. */
export function SupportAssistant({ onTicketOpened }: Props) {
  const { t } = useI18n();
  const copy = t.support;
  const [chat, dispatch] = useReducer(chatReducer, new Date(), initialChat);
  const [draft, setDraft] = useState('');
  const nextId = useRef(0);
  const log = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const send = useSendChatMessage();
  const openTicket = useOpenChatTicket({ onOpened: onTicketOpened });
  const newId = () => `m${++nextId.current}`;

  // The newest turn (or the waiting line) stays in view inside the fixed-height card.
  useEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [chat.entries, send.isPending]);

  const sendDraft = () => {
    const message = draft.trim();
    if (!message || send.isPending) return;
    dispatch({ type: 'sent', id: newId(), content: message, at: new Date() });
    setDraft('');
    send.mutate(
      { message, conversationId: chat.conversationId },
      {
        onSuccess: (reply) => dispatch({ type: 'answered', id: newId(), reply, at: new Date() }),
        onError: (error) => {
          // The question stays in the box, ready to send again, unless a new one was started.
          setDraft((current) => current || message);
          toast({
            variant: 'destructive',
            title: copy.errorTitle,
            description: chatErrorMessage(error, copy.errorFallback),
          });
        },
      },
    );
  };

  const answerOffer = (entryId: string, agree: boolean) => {
    const entry = chat.entries.find((item) => item.id === entryId);
    if (!entry || entry.type !== 'assistant' || !entry.offer) return;
    if (!agree) {
      dispatch({ type: 'offer', entryId, state: 'declined' });
      return;
    }
    dispatch({ type: 'offer', entryId, state: 'opening' });
    openTicket.mutate(
      { conversationId: entry.offer.conversationId },
      {
        onSuccess: (ticket) => dispatch({ type: 'offer', entryId, state: 'opened', ticket }),
        onError: () => dispatch({ type: 'offer', entryId, state: 'failed' }),
      },
    );
  };

  const ask = (question: string) => {
    setDraft(question);
    input.current?.focus();
  };

  return (
    <div className="grid gap-6">
      <Card className="flex h-[600px] flex-col overflow-hidden" data-testid="chat-card">
        <div className="flex items-center gap-3 border-b border-cream-300/70 px-4 py-3 sm:px-6">
          <span className="flex size-9 items-center justify-center rounded-full bg-navy-900 text-gold-300">
            <Bot aria-hidden="true" className="size-5" />
          </span>
          <h2 className="font-semibold text-navy-900">{copy.chatTitle}</h2>
        </div>
        <div
          ref={log}
          role="log"
          aria-label={copy.log}
          tabIndex={0}
          className="flex-1 overflow-y-auto bg-cream-50/70 px-3 py-4 sm:px-6"
        >
          <ol className="grid gap-4">
            {chat.entries.map((entry) => (
              <ChatMessage key={entry.id} entry={entry} onOfferAnswer={answerOffer} />
            ))}
          </ol>
          {send.isPending ? (
            <p
              className="mt-4 flex items-center gap-2 pl-10 text-sm text-navy-700"
              data-testid="chat-pending"
            >
              <LoaderCircle
                aria-hidden="true"
                className="size-4 animate-spin motion-reduce:animate-none"
              />
              {copy.analyzing}
            </p>
          ) : null}
        </div>
        <ChatInput
          value={draft}
          onChange={setDraft}
          onSend={sendDraft}
          pending={send.isPending}
          inputRef={input}
        />
      </Card>
      <ChatInfoCards onAsk={ask} />
    </div>
  );
}
