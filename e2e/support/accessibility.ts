import AxeBuilder from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';

/** WCAG 2.0 and 2.1, levels A and AA: what "accessibility 100" asks of every page. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One line per rule, then one per element: rule id, impact, summary, CSS target and why it fails. */
export function describeViolations(violations: Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        const why = (node.failureSummary ?? '').split('\n').slice(1).join(' ').replace(/\s+/g, ' ').trim();
        return `    ${node.target.join(' ')}${why ? `\n      ${why.slice(0, 300)}` : ''}`;
      });
      return `  ${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n${nodes.join('\n')}`;
    })
    .join('\n');
}

/** Runs axe-core's WCAG 2 A/AA rules on the page as it is now; resolves to the readable list ('' when none). */
export async function wcagViolations(page: Page): Promise<string> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return describeViolations(results.violations);
}
