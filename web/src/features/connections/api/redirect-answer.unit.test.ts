import { describe, expect, it } from 'vitest';
import { redirectAnswerSchema } from './redirect-answer';

describe('where the consent page sends the browser', () => {
  it.each(['https://mia.example/api/oauth/authorize/abc', 'http://localhost:8080/api/oauth/x'])(
    'follows the http(s) address %s',
    (redirectTo) => {
      expect(redirectAnswerSchema.parse({ redirectTo })).toEqual({ redirectTo });
    },
  );

  it.each(['javascript:alert(1)', 'data:text/html,x', '/relative', ''])(
    'refuses %j, which would not lead to the authorization server',
    (redirectTo) => {
      expect(redirectAnswerSchema.safeParse({ redirectTo }).success).toBe(false);
    },
  );
});
