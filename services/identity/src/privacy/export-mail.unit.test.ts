import { describe, expect, it } from 'vitest';
import { exportDownloadUrl, exportReadyMail } from './export-mail.js';

const to = { email: 'ana@iglesia.org', name: 'Ana <Pérez>' };
const url = exportDownloadUrl('https://mia.example.org/', '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f');

describe('export-ready mail', () => {
  it('links to the download, once and for 24 hours, in Spanish by default', () => {
    const mail = exportReadyMail('es', to, url);
    expect(url).toBe(
      'https://mia.example.org/api/account/export/7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    );
    expect(mail.subject).toMatch(/copia de datos/);
    expect(mail.text).toContain(url);
    expect(mail.text).toMatch(/una sola vez, durante 24 horas/);
    expect(mail.html).toContain('lang="es"');
    expect(mail.html).toContain('Ana &lt;Pérez&gt;');
    expect(mail.meta).toMatchObject({ kind: 'account-export-ready', downloadUrl: url });
  });

  it('speaks English to who asked in English', () => {
    const mail = exportReadyMail('en', to, url);
    expect(mail.subject).toMatch(/data export is ready/);
    expect(mail.text).toMatch(/works once, for 24 hours/);
    expect(mail.html).toContain('lang="en"');
  });
});
