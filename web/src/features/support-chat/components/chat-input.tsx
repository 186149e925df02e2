import { CHAT_MESSAGE_MAX_LENGTH } from '@mia/contracts';
import { Send } from 'lucide-react';
import { useId, useLayoutEffect, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { useI18n } from '@/i18n';
import { canSend, CHAT_INPUT_MAX_HEIGHT, chatInputHeight, chatKeyAction } from './chat-keys';

interface Props {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  pending: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

/** The message box: grows with its text up to 120 px; Enter sends, Shift+Enter adds a line. */
export function ChatInput({ value, onChange, onSend, pending, inputRef }: Props) {
  const { t } = useI18n();
  const copy = t.support;
  const id = useId();
  const sendable = canSend(value, pending);

  // Measured after each change, before paint, so the box never flickers at the wrong height.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.style.height = 'auto';
    input.style.height = `${chatInputHeight(input.scrollHeight)}px`;
  }, [value, inputRef]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sendable) onSend();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = chatKeyAction({
      key: event.key,
      shiftKey: event.shiftKey,
      isComposing: event.nativeEvent.isComposing,
    });
    if (action !== 'send') return; // Shift+Enter keeps the textarea's own new line
    event.preventDefault();
    if (sendable) onSend();
  };

  return (
    <form onSubmit={submit} className="grid gap-1.5 border-t border-cream-300/70 p-3 sm:p-4">
      <div className="flex items-end gap-2">
        <label htmlFor={id} className="sr-only">
          {copy.inputLabel}
        </label>
        <textarea
          ref={inputRef}
          id={id}
          rows={1}
          value={value}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={copy.placeholder}
          aria-describedby={`${id}-hint`}
          style={{ maxHeight: CHAT_INPUT_MAX_HEIGHT }}
          className="block min-h-11 w-full resize-none overflow-y-auto rounded-lg border border-navy-200 bg-white px-3 py-2.5 text-base text-navy-950 shadow-sm placeholder:text-navy-500/80 focus-visible:border-navy-500 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-gold-500"
          data-testid="chat-input"
        />
        <Button type="submit" size="icon" disabled={!sendable} aria-label={copy.send}>
          <Send aria-hidden="true" />
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-navy-700">
        {copy.hint}
      </p>
    </form>
  );
}
