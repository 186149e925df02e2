import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

// The axe-core that @axe-core/playwright itself injects (its dependency, so the same version).
const require = createRequire(import.meta.url);
const axeSource = (
  createRequire(require.resolve('@axe-core/playwright'))('axe-core') as { source: string }
).source;

interface Violation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[] }[];
}

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Puts axe-core into a frame once per document. AxeBuilder re-evaluates its 580 kB source on
 * every call and finishes each run in a new blank page, which took a few seconds per check on
 * two shared cores; a page checked twice (both widths) pays for the source once here.
 */
async function injectAxe(frame: Frame): Promise<void> {
  // A frame that went away meanwhile is skipped, as AxeBuilder skips a frame it cannot inject.
  const present = await frame.evaluate(() => 'axe' in window).catch(() => true);
  if (!present) await frame.evaluate(axeSource);
}

/** Serious and critical axe violations on the page, as short readable lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Every frame gets axe, as AxeBuilder's own run does, so a frame's content is checked too.
  for (const frame of page.frames()) await injectAxe(frame);
  // The same rules as AxeBuilder.withTags(tags).analyze(); only the violations are read.
  const violations = await page.evaluate(async (values) => {
    const { axe } = window as unknown as {
      axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> };
    };
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values },
      resultTypes: ['violations'],
    });
    return result.violations.map(({ id, impact, nodes }) => ({
      id,
      impact,
      nodes: nodes.map(({ target }) => ({ target })),
    }));
  }, tags);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}
