// The public face of the messages module: what other modules may use of it. Never its tables; import only this file
// from another module (eslint.config.js, server module boundaries).

export {
  sendAccountMessage,
  sendSystemMessage,
  sendSystemMessages,
  unreadCount,
  type SystemMessage,
  type SystemText,
} from './messages.service';
export { htmlText, sanitizeMessageHtml } from './sanitize';
export { deliveryOfMessages } from './delivery';
