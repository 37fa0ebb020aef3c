import DOMPurify from 'dompurify';

/**
 * Sanitizes HTML in the browser before it is rendered, on top of the server's sanitizing when the HTML was saved
 * (messages, meeting reports, platform notices, content): a body saved before a server rule changed, or a draft
 * previewed before it was saved, never runs script. No script, handler, style element, form or frame survives;
 * links that open elsewhere get rel="noopener noreferrer".
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    ADD_ATTR: ['target'],
  });
}

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('target')) node.setAttribute('rel', 'noopener noreferrer');
});
