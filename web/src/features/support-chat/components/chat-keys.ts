/** Spec section 9: the chat input grows with its text up to 120 px, then scrolls. */
export const CHAT_INPUT_MAX_HEIGHT = 120;

export type ChatKeyAction = 'send' | 'newline' | 'default';

/**
 * Spec section 2: Enter sends and Shift+Enter adds a line. Enter that confirms an input method's
 * composition (Japanese, Chinese...) only ends the composition.
 */
export function chatKeyAction(event: {
  key: string;
  shiftKey: boolean;
  isComposing?: boolean;
}): ChatKeyAction {
  if (event.key !== 'Enter' || event.isComposing) return 'default';
  return event.shiftKey ? 'newline' : 'send';
}

/** Spec section 5: nothing is sent while blank (after trimming) or while a reply is pending. */
export const canSend = (text: string, pending: boolean): boolean =>
  !pending && text.trim().length > 0;

export const chatInputHeight = (scrollHeight: number): number =>
  Math.min(scrollHeight, CHAT_INPUT_MAX_HEIGHT);
