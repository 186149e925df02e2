// Manual helper: viewport-sized screenshots of one page at several scroll offsets, for looking at
// layouts closely (full-page shots of long pages are too small to judge). Not used by the tests.
// Usage: npx tsx web/tests/support/shoot.ts <url> <width> <out-prefix> [locale] [offsets...]
import { launchBrowser } from './browser';

const [url, width = '375', prefix = '/tmp/shot', locale = 'es-PR', ...offsets] =
  process.argv.slice(2);
if (!url) throw new Error('usage: shoot.ts <url> <width> <out-prefix> [locale] [offsets...]');
const browser = await launchBrowser();
try {
  const page = await browser.newPage({
    viewport: { width: Number(width), height: 800 },
    locale,
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  for (const offset of offsets.length ? offsets : ['0']) {
    await page.evaluate((y) => window.scrollTo({ top: Number(y), behavior: 'instant' }), offset);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${prefix}-${offset}.png` });
  }
} finally {
  await browser.close();
}
