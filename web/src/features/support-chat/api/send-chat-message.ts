import { chatReplySchema, type ChatRequest } from '@mia/contracts';
import { useMutation } from '@tanstack/react-query';
import { useI18n, type Locale } from '@/i18n';
import { api } from '@/lib/api-client';

/** Asks the support assistant; `?lang=` makes it answer in the language the visitor chose. */
export const sendChatMessage = (body: ChatRequest, locale: Locale) =>
  api.post(`/api/support/chat?lang=${locale}`, body, { schema: chatReplySchema });

export function useSendChatMessage() {
  const { locale } = useI18n();
  return useMutation({ mutationFn: (body: ChatRequest) => sendChatMessage(body, locale) });
}
