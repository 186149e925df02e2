import { describe, expect, it } from 'vitest';
import { redirectUriProblem } from './redirect-uris.js';

describe('redirect URIs a client may register', () => {
  it.each([
    'https://chat.openai.com/aip/g-123/oauth/callback',
    'https://claude.ai/api/mcp/auth_callback',
    'http://127.0.0.1:33418/callback',
    'http://localhost:6274/oauth/callback',
    'http://[::1]:8080/cb',
  ])('accepts %s', (uri) => {
    expect(redirectUriProblem(uri)).toBeUndefined();
  });

  it.each([
    ['http://example.org/cb', /https/],
    ['http://192.168.1.10/cb', /https/],
    ['https://app.example/cb#x', /fragment/],
    ['https://user:pw@app.example/cb', /credentials/],
    ['myapp:/callback', /https/],
    ['/relative/cb', /absolute/],
  ])('refuses %s', (uri, problem) => {
    expect(redirectUriProblem(uri)).toMatch(problem);
  });
});
