// Applies a runtime theme (set-theme's embedTheme) through CSS variables. Documented fields:
// primaryColor, borderRadius, font, and the chat colours under analyticsChat; every other field is
// kept untouched in the dashboard's state and ignored here.

const root = () => document.documentElement.style;

/** @param {unknown} value */
const isColor = (value) => typeof value === 'string' && CSS.supports('color', value);

/** @param {Record<string, any>} theme */
export function applyTheme(theme) {
  const style = root();
  const set = (/** @type {string} */ name, /** @type {string | undefined} */ value) => (value === undefined ? style.removeProperty(name) : style.setProperty(name, value));
  set('--primary-theme', isColor(theme.primaryColor) ? theme.primaryColor : undefined);
  const radius = typeof theme.borderRadius === 'number' ? `${theme.borderRadius}px` : typeof theme.borderRadius === 'string' && CSS.supports('border-radius', theme.borderRadius) ? theme.borderRadius : undefined;
  set('--radius-theme', radius);
  set('--font-theme', typeof theme.font === 'string' && theme.font.trim() ? `${theme.font}, system-ui, sans-serif` : undefined);
  const chat = typeof theme.analyticsChat === 'object' && theme.analyticsChat !== null ? theme.analyticsChat : {};
  const input = typeof chat.chatInput === 'object' && chat.chatInput !== null ? chat.chatInput : {};
  set('--chat-bg-theme', isColor(chat.backgroundColor) ? chat.backgroundColor : undefined);
  set('--chat-input-bg-theme', isColor(input.backgroundColor) ? input.backgroundColor : undefined);
  set('--chat-input-border-theme', isColor(input.borderColor) ? input.borderColor : undefined);
}
