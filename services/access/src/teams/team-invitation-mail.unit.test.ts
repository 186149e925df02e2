import { describe, expect, it } from 'vitest';
import { teamInvitationMail } from './team-invitation-mail.js';

const input = {
  to: 'ana@iglesia.org',
  inviterName: 'Pastor <Juan>',
  teamName: 'Iglesia Central',
  link: 'http://localhost:8080/equipo/invitacion?token=t.abc',
  expiresAt: '2026-03-08T12:00:00.000Z',
};

describe('the team invitation mail', () => {
  it('is written in the inviter’s language, with the link and its expiry', () => {
    const es = teamInvitationMail({ ...input, language: 'es' });
    expect(es.subject).toMatch(/^Te invitan al equipo Iglesia Central en /);
    expect(es.text).toContain(input.link);
    expect(es.text).toContain('8 de marzo de 2026');
    const en = teamInvitationMail({ ...input, language: 'en' });
    expect(en.subject).toContain("Iglesia Central's team");
    expect(en.text).toContain('March 8, 2026');
  });

  it('escapes what people typed in the HTML part', () => {
    const mail = teamInvitationMail({ ...input, language: 'es' });
    expect(mail.html).toContain('Pastor &lt;Juan&gt;');
    expect(mail.html).not.toContain('<Juan>');
  });
});
