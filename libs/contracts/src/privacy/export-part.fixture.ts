import type { ExportPartReadyData, ExportService } from './export-part.js';

/** A part as services publish it (the box's bytes are only shaped like real ones). */
export const examplePart = (service: ExportService): ExportPartReadyData => ({
  exportId: '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  service,
  part: {
    epk: 'MCowBQYDK2VuAyEA3p7bfXt9wbTTW2HC7OQ1Nz+DQ8hbeGdNrfx+FG+IK08=',
    iv: 'AAECAwQFBgcICQoL',
    ciphertext: 'c2VhbGVkIHBhcnQ=',
    tag: 'AAECAwQFBgcICQoLDA0ODw==',
  },
  schemaVersion: 1,
});
