import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { chatErrorMessage } from './chat-error';

const fallback = 'Error al procesar tu mensaje. Intenta nuevamente.';

describe('chat failure message', () => {
  it("shows the server's message", () => {
    const error = new ApiError(400, JSON.stringify({ message: 'Mensaje vacío' }), 'Bad Request');
    expect(chatErrorMessage(error, fallback)).toBe('Mensaje vacío');
  });

  it('shows the message of a quota refusal, JSON or plain text', () => {
    const json = new ApiError(429, JSON.stringify({ message: 'Demasiados mensajes' }), '');
    expect(chatErrorMessage(json, fallback)).toBe('Demasiados mensajes');
    const text = new ApiError(429, 'Too many requests, try later', 'Too Many Requests');
    expect(chatErrorMessage(text, fallback)).toBe('Too many requests, try later');
  });

  it('falls back to the fixed text without a server message', () => {
    expect(chatErrorMessage(new ApiError(502, '<html>Bad gateway</html>', ''), fallback)).toBe(
      fallback,
    );
    expect(chatErrorMessage(new ApiError(500, '{"code":"x"}', ''), fallback)).toBe(fallback);
    expect(chatErrorMessage(new TypeError('Failed to fetch'), fallback)).toBe(fallback);
  });
});
