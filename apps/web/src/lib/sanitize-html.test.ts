import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html.ts';

describe('sanitizeHtml', () => {
  it('keeps the allowed formatting tags', () => {
    const html = '<p>Öljynvaihto <strong>ja</strong> <em>suodatin</em><br></p><ul><li>yksi</li></ul><ol><li>kaksi</li></ol>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('removes <script> elements with their content', () => {
    const out = sanitizeHtml('<p>Huolto</p><script>alert("x")</script>');
    expect(out).toBe('<p>Huolto</p>');
    expect(out).not.toContain('script');
    expect(out).not.toContain('alert');
  });

  it('removes event handler attributes such as onerror and the element carrying them', () => {
    const out = sanitizeHtml('<p onclick="steal()">Teksti<img src="x" onerror="alert(1)"></p>');
    expect(out).toBe('<p>Teksti</p>');
    expect(out).not.toMatch(/onerror|onclick|<img/);
  });

  it('strips every attribute, also from allowed tags', () => {
    expect(sanitizeHtml('<p class="x" style="color:red" id="y">A</p>')).toBe('<p>A</p>');
  });

  it('unwraps other elements but keeps their text', () => {
    expect(sanitizeHtml('<div><a href="javascript:alert(1)">Linkki</a> <span>teksti</span></div>')).toBe(
      'Linkki teksti',
    );
  });

  it('escapes text so that it cannot become markup', () => {
    expect(sanitizeHtml('<p>1 &lt; 2 &amp; &lt;b&gt;</p>')).toBe('<p>1 &lt; 2 &amp; &lt;b&gt;</p>');
  });

  it('drops iframes, styles and comments and returns an empty string for nothing', () => {
    expect(sanitizeHtml('<iframe src="https://evil"></iframe><style>p{}</style><!-- x --><p>ok</p>')).toBe('<p>ok</p>');
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml('')).toBe('');
  });
});
