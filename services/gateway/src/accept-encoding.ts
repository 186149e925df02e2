export type Encoding = 'br' | 'gzip';

/**
 * Which of the two encodings the build writes a client accepts (q > 0). An explicit entry
 * wins over `*`; anything else in the header is irrelevant here.
 */
export function acceptedEncodings(header: string | undefined): Record<Encoding, boolean> {
  if (!header) return { br: false, gzip: false };
  let br: boolean | undefined;
  let gzip: boolean | undefined;
  let star: boolean | undefined;
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (name !== 'br' && name !== 'gzip' && name !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    const ok = Number.isFinite(weight) && weight > 0;
    if (name === 'br') br = ok;
    else if (name === 'gzip') gzip = ok;
    else star = ok;
  }
  return { br: br ?? star ?? false, gzip: gzip ?? star ?? false };
}
