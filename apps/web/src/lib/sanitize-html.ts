/**
 * Sanitises the info HTML of a product (requirements §2 "Product cards") before it is rendered.
 * Allowed: p, ul, ol, li, strong, em, br — without any attribute. Script-like
 * elements are dropped with their content; any other element is replaced by its
 * children, so its text survives. The input is parsed by DOMParser, which never runs
 * scripts or loads images, and the output is built from fresh nodes.
 */
const ALLOWED = new Set(['P', 'UL', 'OL', 'LI', 'STRONG', 'EM', 'BR']);
const DROPPED_WITH_CONTENT = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'NOSCRIPT',
  'TEMPLATE',
  'SVG',
  'MATH',
  'TEXTAREA',
  'SELECT',
  'TITLE',
  'HEAD',
]);

function copyChildren(from: Node, to: Node, doc: Document): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(doc.createTextNode(child.textContent ?? ''));
    } else if (child.nodeType === Node.ELEMENT_NODE) {
      const tag = (child as Element).tagName.toUpperCase();
      if (DROPPED_WITH_CONTENT.has(tag)) continue;
      if (ALLOWED.has(tag)) {
        const clean = doc.createElement(tag.toLowerCase());
        copyChildren(child, clean, doc);
        to.appendChild(clean);
      } else {
        copyChildren(child, to, doc);
      }
    }
    // Comments, processing instructions and the rest are dropped.
  }
}

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const container = out.createElement('div');
  copyChildren(parsed.body, container, out);
  return container.innerHTML;
}
