import { describe, expect, it } from 'vitest';
import { canSend, CHAT_INPUT_MAX_HEIGHT, chatInputHeight, chatKeyAction } from './chat-keys';

describe('chat input keys', () => {
  it('sends on Enter', () => {
    expect(chatKeyAction({ key: 'Enter', shiftKey: false })).toBe('send');
  });

  it('adds a line on Shift+Enter', () => {
    expect(chatKeyAction({ key: 'Enter', shiftKey: true })).toBe('newline');
  });

  it('leaves other keys, and an Enter that ends an input-method composition, alone', () => {
    expect(chatKeyAction({ key: 'a', shiftKey: false })).toBe('default');
    expect(chatKeyAction({ key: 'Enter', shiftKey: false, isComposing: true })).toBe('default');
  });
});

describe('sending', () => {
  it('is refused for blank or whitespace-only text', () => {
    expect(canSend('', false)).toBe(false);
    expect(canSend(' \n\t ', false)).toBe(false);
    expect(canSend(' hola ', false)).toBe(true);
  });

  it('is refused while a reply is pending', () => {
    expect(canSend('hola', true)).toBe(false);
  });
});

describe('input height', () => {
  it('follows the text up to 120 px (spec section 9)', () => {
    expect(CHAT_INPUT_MAX_HEIGHT).toBe(120);
    expect(chatInputHeight(44)).toBe(44);
    expect(chatInputHeight(400)).toBe(120);
  });
});
