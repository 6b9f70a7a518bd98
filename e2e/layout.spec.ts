import { expect, test, type Locator, type Page } from '@playwright/test';
import { libraryRows, readyApp, shot } from './helpers';

const SAMPLE = 'Edit and test oscillation';

/** Every element of `items` lies inside `box` left to right (and top to bottom unless `scrolls`). */
async function expectInside(items: Locator, container: Locator, what: string, scrolls = false): Promise<void> {
  const outer = (await container.boundingBox())!;
  const n = await items.count();
  expect(n, `${what}: something to measure`).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    const el = items.nth(i);
    if (!(await el.isVisible())) continue;
    const b = (await el.boundingBox())!;
    const name = `${what} #${i} (${((await el.textContent()) ?? '').trim().slice(0, 30)})`;
    expect(b.x, `${name} starts inside`).toBeGreaterThanOrEqual(outer.x - 0.5);
    expect(b.x + b.width, `${name} ends inside`).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
    if (!scrolls) {
      expect(b.y, `${name} top inside`).toBeGreaterThanOrEqual(outer.y - 0.5);
      expect(b.y + b.height, `${name} bottom inside`).toBeLessThanOrEqual(outer.y + outer.height + 0.5);
    }
  }
}

/** Nothing scrolls sideways: neither the page nor the given boxes. */
async function expectNoSideScroll(page: Page, selectors: string[]): Promise<void> {
  const over = await page.evaluate((sels) => {
    const out: string[] = [];
    const d = document.documentElement;
    if (d.scrollWidth > d.clientWidth) out.push(`page ${d.scrollWidth} > ${d.clientWidth}`);
    for (const s of sels)
      document.querySelectorAll(s).forEach((el) => {
        if (el.scrollWidth > el.clientWidth + 1) out.push(`${s} ${el.scrollWidth} > ${el.clientWidth}`);
      });
    return out;
  }, selectors);
  expect(over).toEqual([]);
}

for (const width of [1024, 1400]) {
  test(`at ${width} px no control is clipped: side panel tabs, tune controls, compare and turn table columns`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await readyApp(page);
    await libraryRows(page).filter({ hasText: SAMPLE }).click();
    await expect(page.locator('[data-metric="tp"]')).toHaveText('3');
    const viewport = page.locator('body');
    const panel = page.locator('aside.side-panel');

    await expectInside(page.locator('.scrubber > *'), page.locator('.scrubber'), 'scrubber control');
    await expectInside(page.locator('.scrubber'), viewport, 'scrubber', true);
    await expectInside(panel, viewport, 'side panel', true);
    await expectInside(panel.getByRole('tab'), panel.getByRole('tablist'), 'side panel tab');

    // Turn table: every column header inside the table, none cut short, arguments and results wide enough to read.
    const turns = page.getByRole('table', { name: 'Turns' });
    const headers = turns.getByRole('columnheader');
    await expect(headers).toHaveText(['Turn', 'Call', 'Tool', 'Arguments', 'Result', 'Alarms']);
    await expectInside(headers, turns, 'turn table column');
    const cut = await headers.evaluateAll((els) =>
      els.filter((e) => e.scrollWidth > e.clientWidth).map((e) => e.textContent),
    );
    expect(cut).toEqual([]);
    for (const name of ['Arguments', 'Result'])
      expect((await headers.filter({ hasText: name }).boundingBox())!.width).toBeGreaterThanOrEqual(120);

    // Tune: every input, select and button inside the panel.
    await expectInside(
      panel.locator('.tab-body').locator('input:not([type=range]), select, button'),
      panel,
      'tune control',
      true,
    );
    await expectNoSideScroll(page, ['.tab-body', '.turn-table', '.scrubber']);
    await shot(page, `layout-${width}-tune`);

    // Compare: every column of the table in view, without sideways scrolling.
    await page.getByRole('tab', { name: 'Compare' }).click();
    const table = page.getByRole('table', { name: 'Presets compared' });
    // 23 presets and "Your config" (the draft).
    await expect(table.locator('tbody tr')).toHaveCount(24);
    const scroll = page.locator('.compare-scroll');
    await expectInside(table.locator('thead th'), scroll, 'compare column header');
    await expectInside(table.locator('tbody tr').first().locator('th, td'), scroll, 'compare cell');
    // 23 presets are taller than the panel: it scrolls down, never sideways.
    await expectInside(scroll, panel, 'compare table', true);
    await expect(table.getByRole('button', { name: 'Mean latency' })).toBeVisible();
    await expectNoSideScroll(page, ['.compare-scroll', '.tab-body']);
    await shot(page, `layout-${width}-compare`);

    for (const tab of ['Charts', 'Labels', 'Share']) {
      await page.getByRole('tab', { name: tab }).click();
      await expectInside(
        panel.locator('.tab-body').locator('input, select, button, textarea'),
        panel,
        `${tab} control`,
        true,
      );
      await expectNoSideScroll(page, ['.tab-body']);
      await shot(page, `layout-${width}-${tab.toLowerCase()}`);
    }
  });
}
