import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './safe-html';

describe('sanitizeHtml', () => {
  it('removes script, handlers, javascript: links, frames and forms', () => {
    const out = sanitizeHtml(
      '<p onclick="alert(1)">hi<script>alert(2)</script></p><img src=x onerror="alert(3)">' +
        '<a href="javascript:alert(4)">a</a><iframe src="https://evil.example"></iframe><form><input></form>' +
        '<svg><script>alert(5)</script></svg><style>body{display:none}</style>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript:|iframe|<form|<input|<style/i);
    expect(out).toContain('<p>hi</p>');
  });

  it('keeps the formatting the servers allow and makes new-window links safe', () => {
    const html = '<p><strong>b</strong> <em>i</em></p><ul><li>x</li></ul><img src="https://cdn.example/a.png" alt="a">';
    expect(sanitizeHtml(html)).toBe(html);
    expect(sanitizeHtml('<a href="https://example.com" target="_blank">l</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">l</a>',
    );
  });
});
