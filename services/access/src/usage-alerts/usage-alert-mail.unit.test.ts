import { describe, expect, it } from 'vitest';
import { usageAlertMail } from './usage-alert-mail.js';

const input = {
  to: 'ana@iglesia.org',
  name: 'Ana <b>',
  uses: 51,
  dashboardUrl: 'https://mia.example.org/dashboard',
};

describe('usage alert mail', () => {
  it('is written in Spanish and English', () => {
    const es = usageAlertMail({ ...input, language: 'es' });
    const en = usageAlertMail({ ...input, language: 'en' });
    expect(es.subject).toBe('Tu código MIA se está usando más de lo habitual');
    expect(es.text).toContain('51 veces en la última hora');
    expect(en.subject).toBe('Your MIA code is being used more than usual');
    expect(en.text).toContain('51 times in the last hour');
    for (const mail of [es, en]) expect(mail.text).toContain(input.dashboardUrl);
  });

  it('escapes the name in the HTML part', () => {
    const { html } = usageAlertMail({ ...input, language: 'es' });
    expect(html).toContain('Ana &lt;b&gt;');
    expect(html).not.toContain('Ana <b>');
  });
});
