import sanitizeHtml from 'sanitize-html';

/**
 * The rich text a message body may hold: paragraphs, emphasis, lists, quotes, headings and links (http, https,
 * mailto, opening in a new tab). Scripts, event handlers, styles, frames, images and `javascript:` links are dropped.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'div',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'strike',
    'ul',
    'ol',
    'li',
    'blockquote',
    'h3',
    'h4',
    'a',
    'span',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
};

export function sanitizeMessageHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The visible text of a body: empty when it holds only markup and spaces. */
export function htmlText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .trim();
}

/** Plain text as a message body (product messages): escaped, one paragraph per line. */
export function textToHtml(text: string): string {
  const escape = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .split('\n')
    .map((line) => `<p>${escape(line)}</p>`)
    .join('');
}
