import { chatTicketRefSchema, type ConfirmOpenTicketRequest } from '@mia/contracts';
import { useMutation } from '@tanstack/react-query';
import { useI18n, type Locale } from '@/i18n';
import { api } from '@/lib/api-client';

/**
 * Opens a ticket carrying the conversation, once the user has agreed. The answer is the ticket;
 * the chat needs only its id and number.
 */
export const openChatTicket = (body: ConfirmOpenTicketRequest, locale: Locale) =>
  api.post(`/api/support/chat/ticket?lang=${locale}`, body, { schema: chatTicketRefSchema });

export function useOpenChatTicket({ onOpened }: { onOpened?: () => void } = {}) {
  const { locale } = useI18n();
  return useMutation({
    mutationFn: (body: ConfirmOpenTicketRequest) => openChatTicket(body, locale),
    onSuccess: () => onOpened?.(),
  });
}
