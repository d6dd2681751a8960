import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; html?: string; why?: string }>;
};

/**
 * Runs axe-core in the page (through the devtools protocol, so the app's CSP, which forbids inline
 * scripts, stays on) and returns the serious and critical violations.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // The pointer stays where the last click was; whatever sits there on the next page would be
  // measured in its hover colours. Check the page at rest.
  await page.mouse.move(0, 0);
  // axe reads computed colours, so it runs once CSS transitions are over: a control that has just
  // become enabled is still fading in (MUI: 250 ms) and would measure as a contrast failure.
  // Twice, a moment apart: data arriving just now (a form filled from the server) starts new ones.
  for (let round = 0; round < 2; round++) {
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((transition) => transition.finished.catch(() => undefined)),
      ),
    );
    if (round === 0) await page.waitForTimeout(400);
  }
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> } }
    ).axe.run(document, {
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, why: (n as unknown as { failureSummary?: string }).failureSummary })),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
