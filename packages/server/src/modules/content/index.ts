// The public face of the content module: what other modules may use of it. Never its tables; import only this file
// from another module (eslint.config.js, server module boundaries). Home-training tasks give published items.

export { publishedContentItem, publishedContentTitles } from './applet.service';
