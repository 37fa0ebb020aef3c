import sanitizeHtml from 'sanitize-html';

/**
 * The rich text a mini-program can show: its `rich-text` component renders these tags and no others (no links, no
 * video, no frames, no scripts or event handlers). Links keep their text; images must come from HTTPS or from the
 * organization's media library (a path under /api/sys/applet/), and are fitted to the screen width. The same function
 * cleans what the editor saves and renders the preview, so the preview is what the patient will see.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'div',
    'span',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'blockquote',
    'hr',
    'code',
    'pre',
    'sub',
    'sup',
    'img',
  ],
  allowedAttributes: { img: ['src', 'alt', 'style'] },
  allowedSchemes: ['https'],
  allowedSchemesAppliedToAttributes: ['src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'video', 'audio', 'iframe', 'object'],
  exclusiveFilter: (frame) =>
    frame.tag === 'img' && !/^(https:\/\/|\/api\/sys\/applet\/\d+\/media\/\d+$)/.test(frame.attribs.src ?? ''),
  transformTags: {
    img: (tagName, attribs) => ({
      tagName,
      attribs: { src: attribs.src ?? '', alt: attribs.alt ?? '', style: 'max-width:100%;height:auto' },
    }),
  },
};

export function miniProgramHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The path the mini-program loads a media-library image from (relative to its API host). */
export const mediaPath = (organizationId: number, mediaId: number) =>
  `/api/sys/applet/${organizationId}/media/${mediaId}`;
